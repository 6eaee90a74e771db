import type { LanguageTerms } from './language-terms';

/**
 * Vietnamese. Folded without its accents, syllables are short Latin words ("be", "co", "than"):
 * each term is a phrase of two or more syllables, never one syllable alone.
 */
export const vi: LanguageTerms = {
  minor: [
    'trẻ em',
    'trẻ con',
    'bé gái',
    'bé trai',
    'cô bé',
    'cậu bé',
    'bé con',
    'thiếu nữ',
    'thiếu niên',
    'vị thành niên',
    'học sinh',
    'nữ sinh',
    'học trò',
    'con gái nhỏ',
    'em gái nhỏ',
    'trẻ nhỏ',
  ],
  school: ['tiểu học', 'mẫu giáo', 'mầm non', 'trung học cơ sở', 'nhà trẻ', 'trường học'],
  baby: ['em bé', 'trẻ sơ sinh'],
  sexual: [
    'khỏa thân',
    'khoả thân',
    'trần truồng',
    'lõa thể',
    'tình dục',
    'gợi cảm',
    'khiêu dâm',
    'quần lót',
    'ngực trần',
    'không mặc quần áo',
    'làm tình',
    'hiếp dâm',
    'thủ dâm',
  ],
  adulthood: ['người lớn', 'trưởng thành', 'đủ tuổi'],
  notMinorAfter: { 'nữ sinh': ['viên'] },
  ages: {
    units: ['tuổi'],
    numbers: {
      một: 1,
      hai: 2,
      ba: 3,
      bốn: 4,
      năm: 5,
      lăm: 5,
      sáu: 6,
      bảy: 7,
      tám: 8,
      chín: 9,
      mười: 10,
    },
    birthdays: ['sinh nhật'],
    tens: ['mươi'],
    spans: { before: ['sau', 'trong'], after: ['trước', 'sau'] },
  },
};
