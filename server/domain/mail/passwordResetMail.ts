import type { Language } from '../../../contract/common';
import type { OutgoingMail } from './mailer';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const copy = {
  'fa-IR': {
    subject: 'بازیابی گذرواژه — سیگنال بازار',
    greeting: (name: string) => `${name} عزیز،`,
    body: (minutes: number) =>
      `برای حساب شما درخواست بازیابی گذرواژه ثبت شد. این پیوند تا ${minutes.toLocaleString('fa-IR')} دقیقه و تنها یک بار کار می‌کند:`,
    ignore: 'اگر این درخواست از شما نبوده، این نامه را نادیده بگیرید؛ گذرواژهٔ شما تغییری نمی‌کند.',
    dir: 'rtl',
  },
  'en-US': {
    subject: 'Password recovery — Bazaar Signal',
    greeting: (name: string) => `Dear ${name},`,
    body: (minutes: number) =>
      `A password reset was requested for your account. This link works once, for the next ${minutes} minutes:`,
    ignore: 'If you did not ask for this, ignore this mail; your password stays as it is.',
    dir: 'ltr',
  },
} as const;

/** The recovery mail, in the user's own language. */
export function passwordResetMail(options: {
  to: string;
  name: string;
  language: Language;
  link: string;
  minutes: number;
}): OutgoingMail {
  const t = copy[options.language];
  const text = [t.greeting(options.name), '', t.body(options.minutes), options.link, '', t.ignore].join('\n');
  const html = `<div dir="${t.dir}" style="font-family:sans-serif">
<p>${escapeHtml(t.greeting(options.name))}</p>
<p>${escapeHtml(t.body(options.minutes))}</p>
<p><a href="${escapeHtml(options.link)}">${escapeHtml(options.link)}</a></p>
<p>${escapeHtml(t.ignore)}</p>
</div>`;
  return { to: options.to, subject: t.subject, text, html };
}
