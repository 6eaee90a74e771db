/**
 * Listed names as they are written in other scripts (press and fan usage: the Russian, Japanese,
 * Arabic, Greek, Hebrew, Thai, Korean and Chinese Wikipedia titles), the table that
 * transliterated-names.test.ts measures the name reader on. Per name, its spellings by script;
 * a spelling the reader does not find is listed in `missed`, so the table states its recall.
 */
export interface NameSpellings {
  name: string;
  spellings: Record<string, string>;
  /** Scripts whose spelling the skeleton reader misses (too far from the Latin letters). */
  missed?: readonly string[];
}

export const NAME_SPELLINGS: readonly NameSpellings[] = [
  {
    name: 'Taylor Swift',
    spellings: {
      cyrillic: 'Тейлор Свифт',
      katakana: 'テイラー・スウィフト',
      arabic: 'تايلور سويفت',
      greek: 'Τέιλορ Σουίφτ',
      hebrew: 'טיילור סוויפט',
      thai: 'เทย์เลอร์ สวิฟต์',
      hangul: '테일러 스위프트',
      han: '泰勒·斯威夫特',
    },
  },
  {
    name: 'Scarlett Johansson',
    spellings: {
      cyrillic: 'Скарлетт Йоханссон',
      katakana: 'スカーレット・ヨハンソン',
      arabic: 'سكارليت جوهانسون',
      greek: 'Σκάρλετ Τζοχάνσον',
      hebrew: "סקרלט ג'והנסון",
      thai: 'สการ์เลตต์ โจแฮนส์สัน',
      hangul: '스칼렛 요한슨',
      han: '斯嘉丽·约翰逊',
    },
    missed: ['hebrew', 'hangul', 'han'],
  },
  {
    name: 'Emma Watson',
    spellings: {
      cyrillic: 'Эмма Уотсон',
      katakana: 'エマ・ワトソン',
      arabic: 'إيما واتسون',
      greek: 'Έμμα Γουάτσον',
      hebrew: 'אמה ווטסון',
      thai: 'เอ็มมา วัตสัน',
      hangul: '엠마 왓슨',
      han: '艾玛·沃特森',
    },
    missed: ['katakana', 'arabic', 'greek', 'hebrew', 'thai', 'hangul', 'han'],
  },
  {
    name: 'Margot Robbie',
    spellings: {
      cyrillic: 'Марго Робби',
      katakana: 'マーゴット・ロビー',
      arabic: 'مارجو روبي',
      greek: 'Μάργκο Ρόμπι',
      hebrew: 'מרגו רובי',
      thai: 'มาร์โก้ ร็อบบี้',
      hangul: '마고 로비',
      han: '玛格特·罗比',
    },
    missed: ['cyrillic', 'katakana', 'arabic', 'greek', 'hebrew', 'thai', 'hangul', 'han'],
  },
  {
    name: 'Angelina Jolie',
    spellings: {
      cyrillic: 'Анджелина Джоли',
      katakana: 'アンジェリーナ・ジョリー',
      arabic: 'أنجلينا جولي',
      greek: 'Αντζελίνα Τζολί',
      hebrew: "אנג'לינה ג'ולי",
      thai: 'แองเจลินา โจลี',
      hangul: '안젤리나 졸리',
      han: '安吉丽娜·朱莉',
    },
    missed: ['greek', 'hebrew'],
  },
  {
    name: 'Kim Kardashian',
    spellings: {
      cyrillic: 'Ким Кардашьян',
      katakana: 'キム・カーダシアン',
      arabic: 'كيم كارداشيان',
      greek: 'Κιμ Καρντάσιαν',
      hebrew: 'קים קרדשיאן',
      thai: 'คิม คาร์เดเชียน',
      hangul: '킴 카다시안',
      han: '金·卡戴珊',
    },
    missed: ['katakana', 'thai', 'hangul', 'han'],
  },
  {
    name: 'Selena Gomez',
    spellings: {
      cyrillic: 'Селена Гомес',
      katakana: 'セレーナ・ゴメス',
      arabic: 'سيلينا غوميز',
      greek: 'Σελίνα Γκόμεζ',
      hebrew: 'סלינה גומז',
      thai: 'เซเลนา โกเมซ',
      hangul: '셀레나 고메즈',
      han: '赛琳娜·戈麦斯',
    },
    missed: ['hangul'],
  },
  {
    name: 'Ariana Grande',
    spellings: {
      cyrillic: 'Ариана Гранде',
      katakana: 'アリアナ・グランデ',
      arabic: 'أريانا غراندي',
      greek: 'Αριάνα Γκράντε',
      hebrew: 'אריאנה גרנדה',
      thai: 'อาเรียนา กรานเด',
      hangul: '아리아나 그란데',
      han: '爱莉安娜·格兰德',
    },
    missed: ['greek'],
  },
  {
    name: 'Jennifer Lawrence',
    spellings: {
      cyrillic: 'Дженнифер Лоуренс',
      katakana: 'ジェニファー・ローレンス',
      arabic: 'جينيفر لورنس',
      greek: 'Τζένιφερ Λόρενς',
      hebrew: "ג'ניפר לורנס",
      thai: 'เจนนิเฟอร์ ลอว์เรนซ์',
      hangul: '제니퍼 로렌스',
      han: '詹妮弗·劳伦斯',
    },
  },
  {
    name: 'Gal Gadot',
    spellings: {
      cyrillic: 'Галь Гадот',
      katakana: 'ガル・ガドット',
      arabic: 'جال جادوت',
      greek: 'Γκαλ Γκαντότ',
      hebrew: 'גל גדות',
      thai: 'กัล กาโดต์',
      hangul: '갈 가돗',
      han: '盖尔·加朵',
    },
    missed: ['katakana', 'arabic', 'hebrew', 'thai', 'hangul', 'han'],
  },
  {
    name: 'Natalie Portman',
    spellings: {
      cyrillic: 'Натали Портман',
      katakana: 'ナタリー・ポートマン',
      arabic: 'ناتالي بورتمان',
      greek: 'Νάταλι Πόρτμαν',
      hebrew: 'נטלי פורטמן',
      thai: 'นาตาลี พอร์ตแมน',
      hangul: '나탈리 포트만',
      han: '娜塔莉·波特曼',
    },
  },
  {
    name: 'Billie Eilish',
    spellings: {
      cyrillic: 'Билли Айлиш',
      katakana: 'ビリー・アイリッシュ',
      arabic: 'بيلي إيليش',
      greek: 'Μπίλι Άιλις',
      hebrew: 'בילי אייליש',
      thai: 'บิลลี ไอลิช',
      hangul: '빌리 아일리시',
      han: '碧梨·艾利什',
    },
    missed: ['katakana', 'arabic', 'hebrew', 'thai', 'hangul', 'han'],
  },
  {
    name: 'Megan Fox',
    spellings: {
      cyrillic: 'Меган Фокс',
      katakana: 'ミーガン・フォックス',
      arabic: 'ميغان فوكس',
      greek: 'Μέγκαν Φοξ',
      hebrew: 'מייגן פוקס',
      thai: 'เมแกน ฟอกซ์',
      hangul: '메건 폭스',
      han: '梅根·福克斯',
    },
    missed: ['katakana'],
  },
  {
    name: 'Emma Stone',
    spellings: {
      cyrillic: 'Эмма Стоун',
      katakana: 'エマ・ストーン',
      arabic: 'إيما ستون',
      greek: 'Έμμα Στόουν',
      hebrew: 'אמה סטון',
      thai: 'เอ็มมา สโตน',
      hangul: '엠마 스톤',
      han: '艾玛·斯通',
    },
    missed: ['katakana', 'arabic', 'hebrew', 'thai', 'hangul', 'han'],
  },
];
