import type { LanguageTerms } from './language-terms';

/** Thai number words one to seventeen, for ages written out ("อายุสิบสี่", aged fourteen). */
const MINOR_NUMBER_WORDS = [
  'หนึ่ง',
  'สอง',
  'สาม',
  'สี่',
  'ห้า',
  'หก',
  'เจ็ด',
  'แปด',
  'เก้า',
  'สิบ',
  'สิบเอ็ด',
  'สิบสอง',
  'สิบสาม',
  'สิบสี่',
  'สิบห้า',
  'สิบหก',
  'สิบเจ็ด',
];

/**
 * Longer numbers that start with a minor one ("สามสิบ", thirty, starts with "สาม", three): hidden
 * by neutral words so "อายุสามสิบ" (aged thirty) is not "อายุสาม" (aged three).
 */
const ADULT_NUMBER_STARTS = [
  'สิบแปด',
  'สิบเก้า',
  ...['สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'].map((digit) => `${digit}สิบ`),
  ...['หนึ่ง', 'สอง', 'สาม', 'สี่', 'ห้า', 'หก', 'เจ็ด', 'แปด', 'เก้า'].map((digit) => `${digit}ร้อย`),
];

/** "อายุ"/"วัย" (aged) before a number word: an age, with no unit needed. */
const AGE_PREFIXES = ['อายุ', 'วัย'];

/**
 * Every Thai character but the vowel "ี": after the unit "ป" they spell a word that is not
 * "ปี" (year), such as "ประเภท" (kind) or "ปลา" (fish), so the number before is no age.
 */
const NOT_YEAR_AFTER_PO = Array.from({ length: 0x0e4e - 0x0e01 + 1 }, (_, offset) =>
  String.fromCodePoint(0x0e01 + offset),
).filter((char) => char !== 'ี' && /\p{L}|\p{M}/u.test(char));

/**
 * Thai, written without spaces between words, so its terms are matched anywhere in the text
 * (like Chinese and Japanese), and the Latin romanisation people type (RTGS and informal).
 *
 * Ambiguous words and how they are handled:
 * - "เด็ก" (child) is inside most words for children and is a term. The engine folds ด and ต
 *   alike, so words holding "เต็ก"/"แด็ก" ("สเต็ก", steak; "อินเด็กซ์", index) are neutral, and
 *   so are the adult jobs "เด็กเสิร์ฟ" (waiter), "เด็กฝึกงาน" (intern), "เด็กปั๊ม", and
 *   "เด็กมหาลัย" (a university student, as "college" is in English).
 * - "ผู้หญิง"/"สาว" (woman, girl) and "น้อง" (younger one) are used of adults: not terms;
 *   "สาวน้อย" (little miss), "หนูน้อย", "น้องหนู" (little one) are.
 * - Short slang sits inside ordinary words: "หี" in "เหี่ยว" (withered) and "หีบ" (chest), "จู๋"
 *   in "ปากจู๋" (pouting lips) and "จู๋จี๋" (cooing lovers), "นม" (breast) is milk: left out;
 *   only "เต้านม" and "หัวนม" count, and a teat or dummy ("หัวนมยาง", "หัวนมหลอก") is neutral.
 *   "โป๊" sits in "โป๊ะ" (pontoon) and "โป๊ยกั๊ก" (star anise), "เปลือย" in "เท้าเปลือย"
 *   (barefoot) and "ตาเปลือย" (naked eye), "จิ๋ม" in "กระจุ๋มกระจิ๋ม" (tiny), "เซ็กซ์" in
 *   "ซัสเซ็กซ์" (Sussex), "ร่วมเพศ" in "รักร่วมเพศ" (homosexual), "โลลิ" in "กิโลลิตร"
 *   (kilolitre), "แก้ผ้า" (to strip) in "แก้ผ้าอ้อม" (to change a nappy), "ร่วมรัก" (to make
 *   love) in "ร่วมรักษา" (to help keep), "โรงเรียน" in adult schools ("โรงเรียนสอนขับรถ"):
 *   those are neutral.
 * - Ages: "ขวบ" (years old, said of children only) is a minor term. "ปี" (year) is two
 *   characters, and the age reader reads Thai one character at a time, so its unit is "ป" and
 *   every other character after "ป" makes the number a span ("3 ประเภท", three kinds); so do
 *   "ปีก่อน" and "ปีที่แล้ว" (years ago). Number words after "อายุ"/"วัย" (aged) are minor terms,
 *   and longer numbers that start with one ("อายุสามสิบ", aged thirty) neutral. Thai digits
 *   (๑๒) are not read as numbers by the engine, nor the school years "ม.3", "ป.6" (digits
 *   inside Thai text): not handled here; "นักเรียน" (pupil) usually comes with them.
 * - Romanised Thai: "dek" alone is Dutch (a deck) and "nakrian" one letter from Slovene and
 *   Serbian words: only phrases count ("dek ying", "dek nakrian"), and English words one typo
 *   from "dekying" ("denying") are neutral.
 *
 * Sources: written by the team from its knowledge of Thai (vocabulary, slang and euphemisms
 * of Thai web forums and of news reporting on child-abuse cases; RTGS and informal
 * romanisation), not reviewed by a native speaker. Every term was searched for inside the
 * words of the Thai hunspell word list (the ordinary words that hold one are the neutral list),
 * and the romanised terms checked against the English and European word lists.
 */
export const th: LanguageTerms = {
  minor: [
    'เด็ก',
    'หนูน้อย',
    'น้องหนู',
    'ยัยหนู',
    'สาวน้อย',
    'ทารก',
    'วัยรุ่น',
    'วัยแรกรุ่น',
    'นักเรียน',
    'ผู้เยาว์',
    'เยาวชน',
    'ยังไม่บรรลุนิติภาวะ',
    'อายุไม่ถึงสิบแปด',
    'อายุต่ำกว่าสิบแปด',
    'ขวบ',
    ...MINOR_NUMBER_WORDS.map((number) => `อายุ${number}`),
    // "ในวัยหนึ่ง" is "at one stage of life": "วัย" counts from two.
    ...MINOR_NUMBER_WORDS.slice(1).map((number) => `วัย${number}`),
    'dek ying',
    'dek chai',
    'dek noi',
    'dek lek',
    'dek nakrian',
    'dek sao',
    'dekying',
    'wairun',
    'wai run',
    'sao noi',
    'nu noi',
    'tharok',
  ],
  inherent: [
    'โลลิ',
    'โลลิคอน',
    'โชตะ',
    'สื่อลามกเด็ก',
    'ภาพโป๊เด็ก',
    'หนังโป๊เด็ก',
    'คลิปโป๊เด็ก',
    'ใคร่เด็ก',
    'โรคจิตชอบเด็ก',
  ],
  school: ['โรงเรียน', 'อนุบาล', 'ประถม', 'มัธยม', 'เนอสเซอรี่', 'ชุดนักเรียน', 'ชุดพละ'],
  baby: ['เบบี้'],
  sexual: [
    'เปลือย',
    'แก้ผ้า',
    'ไม่ใส่เสื้อผ้า',
    'ไม่สวมเสื้อผ้า',
    'ไม่นุ่งผ้า',
    'ไม่ใส่อะไรเลย',
    'ถอดเสื้อผ้า',
    'โป๊',
    'นู้ด',
    'ลามก',
    'อนาจาร',
    'อีโรติก',
    'เซ็กซี่',
    'เซ็กซี',
    'เซ็กซ์',
    'เซ็กส์',
    'เพศสัมพันธ์',
    'ร่วมเพศ',
    'ร่วมรัก',
    'เย็ด',
    'ข่มขืน',
    'ลวนลาม',
    'กระทำชำเรา',
    'อวัยวะเพศ',
    'หัวนม',
    'เต้านม',
    'จิ๋ม',
    'ควย',
    'ชุดชั้นใน',
    'กางเกงใน',
    'ยั่วยวน',
    'ยั่วเพศ',
    'วาบหวิว',
    'สยิว',
    'อึ๋ม',
    'หื่น',
    'เงี่ยน',
    'ความใคร่',
    'กามารมณ์',
    'plueai',
    'plueay',
    'pluay',
    'kae pha',
    'kaepha',
    'lamok',
    'anachan',
  ],
  adulthood: ['ผู้ใหญ่', 'วัยผู้ใหญ่', 'อายุเกินสิบแปด', 'phu yai'],
  neutral: [
    'เด็กเสิร์ฟ',
    'เด็กฝึกงาน',
    'เด็กปั๊ม',
    'เด็กออฟฟิศ',
    'เด็กมหาลัย',
    'เด็กมหาวิทยาลัย',
    'นักเรียนนายร้อย',
    'นักเรียนพยาบาล',
    'หนูน้อยใจ',
    'สาวน้อยใจ',
    'สาวน้อยสาวใหญ่',
    'แก้ผ้าอ้อม',
    'แก้ผ้าพัน',
    'ร่วมรักษ',
    'เท้าเปลือย',
    'ตาเปลือย',
    'มือเปลือย',
    'โป๊ะ',
    'โป๊ก',
    'โป๊ย',
    'โป๊ว',
    'โป๊ป',
    'กระจิ๋ม',
    'จุ๋มจิ๋ม',
    'นู้ดเดิล',
    'นู้ดเดิ้ล',
    'กิโลลิตร',
    'ซัสเซ็กซ์',
    'เอสเซ็กซ์',
    'มิดเดิลเซ็กซ์',
    'รักร่วมเพศ',
    'เปลือยใจ',
    'สเต็ก',
    'สแต็ก',
    'อินเด็กซ์',
    'กงเต็ก',
    'เต็กตึ๊ง',
    'แด็ก',
    'โรงเรียนสอนขับรถ',
    'โรงเรียนสอนเต้น',
    'โรงเรียนสอนศิลปะ',
    'โรงเรียนศิลปะ',
    'โรงเรียนสอนทำอาหาร',
    'โรงเรียนสอนภาษา',
    'โรงเรียนสอนโยคะ',
    'โรงเรียนการบิน',
    'โรงเรียนพยาบาล',
    'โรงเรียนแพทย์',
    'โรงเรียนนายร้อย',
    'denying',
    'defying',
    'decking',
    'dekking',
    'dekning',
    'หัวนมยาง',
    'หัวนมหลอก',
    'หัวนมขวด',
    'ความใคร่ครวญ',
    'ความใคร่รู้',
    'ขวบปี',
    'เบบี้ออยล์',
    'เบบี้ออย',
    'เบบี้ดอลล์',
    'เบบี้บลู',
    'เบบี้พิงค์',
    'เบบี้ชาวเวอร์',
    ...AGE_PREFIXES.flatMap((prefix) => ADULT_NUMBER_STARTS.map((number) => prefix + number)),
  ],
  ages: {
    units: ['ป'],
    spans: {
      after: [...NOT_YEAR_AFTER_PO, 'ีก่อน', 'ีที่แล้ว', 'ีมาแล้ว', 'ีต่อมา', 'ีหลังจาก', 'ีผ่านไป'],
    },
  },
};
