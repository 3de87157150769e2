/** Persian strings: the default language. Keys are shared with en.ts, which must match them. */
export const fa = {
  app: {
    name: 'سیگنال بازار',
    tagline: 'پایش بازارها و سبدها، و دنبال کردن سیگنال‌های معاملاتی',
  },
  foundation: {
    status: 'سرور و رابط برنامه‌نویسی آماده‌اند؛ صفحه‌های برنامه به‌زودی اینجا خواهند بود.',
    apiDocs: 'مستندات رابط برنامه‌نویسی',
    switchLanguage: 'English',
  },
} as const;
