import type { TFunction } from 'i18next';
import { Badge, PRIORITY_BADGE } from '../labels';
import { useNotificationsT } from '../useNotificationsT';

export interface BroadcastDraft {
  title: string;
  body: string;
  priority: number;
}

/** The draft as a recipient sees it, in one language: its direction, badges and wording. */
function PreviewCard({ draft, t, dir, lang, heading }: { draft: BroadcastDraft; t: TFunction; dir: 'rtl' | 'ltr'; lang: string; heading: string }) {
  return (
    <figure dir={dir} lang={lang} data-testid={`preview-${lang}`} className="space-y-2">
      <figcaption className="text-xs font-medium text-slate-500">{heading}</figcaption>
      <div className={`rounded-xl p-3 ring-1 ${draft.priority === 40 ? 'ring-2 ring-rose-500' : 'ring-slate-200 dark:ring-slate-700'} bg-white dark:bg-slate-900`}>
        <div className="mb-1 flex flex-wrap items-center gap-2">
          <Badge className={PRIORITY_BADGE[draft.priority] ?? ''}>{t(`notif.priorities.${draft.priority}`)}</Badge>
          <Badge className="bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">{t('notif.categories.broadcast')}</Badge>
          <Badge className="bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-200">{t('notif.statuses.10')}</Badge>
        </div>
        <p dir="auto" className="font-semibold text-slate-800 dark:text-slate-100">{draft.title.trim() || t('notif.broadcast.previewEmpty')}</p>
        {draft.body ? <p dir="auto" className="whitespace-pre-line text-sm text-slate-600 dark:text-slate-300">{draft.body}</p> : null}
      </div>
    </figure>
  );
}

/** Persian (right to left) and English (left to right) side by side, whatever the page's language. */
export function BroadcastPreview({ draft }: { draft: BroadcastDraft }) {
  const { t, i18n } = useNotificationsT();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <PreviewCard draft={draft} t={i18n.getFixedT('fa-IR')} dir="rtl" lang="fa" heading={t('notif.broadcast.previewFa')} />
      <PreviewCard draft={draft} t={i18n.getFixedT('en-US')} dir="ltr" lang="en" heading={t('notif.broadcast.previewEn')} />
    </div>
  );
}
