import type { Insertable } from 'kysely';
import type { QuotesTable } from '../schema';

/**
 * Market sayings for the dashboard, in Persian and English. Written for this project (no
 * attribution) or old proverbs in the public domain (attributed as such).
 */
const OURS = { author_fa: null, author_en: null } as const;
const PROVERB = { author_fa: 'ضرب‌المثل', author_en: 'Proverb' } as const;

export const SEED_QUOTES: Insertable<QuotesTable>[] = [
  { text_fa: 'روند دوست توست، تا وقتی که برگردد.', text_en: 'The trend is your friend until it turns.', ...OURS },
  { text_fa: 'زیان کوچک را زود بپذیر تا زیان بزرگ سراغت نیاید.', text_en: 'Take the small loss early so the big one never comes.', ...OURS },
  { text_fa: 'بازار همیشه باز می‌ماند؛ سرمایهٔ تو شاید نه.', text_en: 'The market will always be open; your capital may not be.', ...OURS },
  { text_fa: 'همهٔ تخم‌مرغ‌هایت را در یک سبد نگذار.', text_en: "Don't put all your eggs in one basket.", ...PROVERB },
  { text_fa: 'قطره قطره جمع گردد، وانگهی دریا شود.', text_en: 'Drop by drop, a sea is gathered.', ...PROVERB },
  { text_fa: 'نقشهٔ معامله را پیش از ورود بکش، نه پس از آن.', text_en: 'Draw the trade plan before you enter, not after.', ...OURS },
  { text_fa: 'حجم، راست‌گوترین شاهد قیمت است.', text_en: 'Volume is the most honest witness to price.', ...OURS },
  { text_fa: 'سیگنال راه را نشان می‌دهد؛ مدیریت سرمایه تو را به مقصد می‌رساند.', text_en: 'A signal shows the way; money management gets you there.', ...OURS },
  { text_fa: 'وقتی همه می‌ترسند، با دقت نگاه کن؛ وقتی همه مطمئن‌اند، با احتیاط.', text_en: 'When everyone is afraid, look closely; when everyone is sure, look carefully.', ...OURS },
  { text_fa: 'صبر تلخ است، ولی بَر شیرین دارد.', text_en: 'Patience is bitter, but its fruit is sweet.', ...PROVERB },
  { text_fa: 'حد ضرر، بیمه‌نامه‌ای است که خودت امضا می‌کنی.', text_en: 'A stop loss is an insurance policy you sign yourself.', ...OURS },
  { text_fa: 'کسی که در بازار عجله کند، دو بار می‌پردازد.', text_en: 'Whoever hurries in the market pays twice.', ...OURS },
  { text_fa: 'نمودار گذشته را می‌گوید، نه آینده را؛ اما گذشته زبان خوبی دارد.', text_en: 'A chart tells the past, not the future; but the past speaks clearly.', ...OURS },
  { text_fa: 'سود را بگذار بدود و زیان را کوتاه کن.', text_en: 'Let profits run and cut losses short.', ...OURS },
  { text_fa: 'دانه‌ای که امروز می‌کاری، فردا خرمن توست.', text_en: 'The seed you plant today is your harvest tomorrow.', ...PROVERB },
  { text_fa: 'بازار به نظر تو اهمیتی نمی‌دهد؛ به قیمت نگاه کن.', text_en: 'The market does not care about your opinion; watch the price.', ...OURS },
  { text_fa: 'هر معامله‌ای که از آن درس بگیری، معاملهٔ بدی نیست.', text_en: 'No trade you learn from is a bad trade.', ...OURS },
  { text_fa: 'آهسته و پیوسته، برندهٔ مسابقه است.', text_en: 'Slow and steady wins the race.', ...PROVERB },
  { text_fa: 'نوسان دشمن نیست؛ ندانستن اندازهٔ آن دشمن است.', text_en: 'Volatility is not the enemy; not knowing its size is.', ...OURS },
  { text_fa: 'پیش از خرید بپرس: اگر اشتباه کنم، کجا خارج می‌شوم؟', text_en: 'Before you buy, ask: if I am wrong, where do I get out?', ...OURS },
  { text_fa: 'شایعه را بخر، خبر را بفروش؛ و هر دو را بسنج.', text_en: 'Buy the rumour, sell the news; and weigh them both.', ...OURS },
  { text_fa: 'دفترچهٔ معاملاتت، بهترین استاد توست.', text_en: 'Your trading journal is your best teacher.', ...OURS },
  { text_fa: 'کار را که کرد؟ آن که تمام کرد.', text_en: 'Who did the job? The one who finished it.', ...PROVERB },
  { text_fa: 'قیمت همه‌چیز را در خود دارد، جز صبر تو.', text_en: 'Price holds everything except your patience.', ...OURS },
];
