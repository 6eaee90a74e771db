import type { LanguageTerms } from './language-terms';

/**
 * Korean: Hangul terms are matched anywhere in the text (particles attach to words: "소녀가").
 * Short words that sit inside ordinary ones are left out ("아이" is in "아이돌", idol) or hidden
 * by a neutral word ("칼로리", calorie, holds "로리").
 */
export const ko: LanguageTerms = {
  minor: [
    // "쇼타" is also how Korean writes the Japanese given name Shota: a minor beside a sexual
    // word only.
    '쇼타',
    '어린이',
    '어린 소녀',
    '어린 여자아이',
    '어린 아이',
    '여자아이',
    '남자아이',
    '여자 아이',
    '아동',
    '미성년자',
    '미성년',
    '청소년',
    '초등학생',
    '중학생',
    '고등학생',
    '여중생',
    '여고생',
    '여학생',
    '초딩',
    '중딩',
    '유아',
    '갓난아기',
    '영아',
  ],
  inherent: ['로리', '로리콘', '아동 포르노'],
  school: ['초등학교', '중학교', '유치원', '어린이집', '학교'],
  baby: ['아기'],
  sexual: [
    '누드',
    '알몸',
    '나체',
    '벗은',
    '섹스',
    '성관계',
    '야한',
    '포르노',
    '야동',
    '에로',
    '성적인',
    '음란',
    '강간',
    '자위',
    '팬티',
    '젖꼭지',
    '섹시',
  ],
  adulthood: ['성인', '어른', '성년'],
  neutral: ['칼로리', '플로리다', '아기자기', '자위대', '유아독존', '미술학교', '에로스'],
  ages: {
    units: ['세', '살'],
    birthdays: ['생일'],
    birthYears: { after: ['년생', '년 생', '년에 태어난'] },
    // "1학년" alone is also a first year at university: only after a school's name.
    schoolYears: { before: ['초등학교', '중학교', '고등학교', '초등', '중등'] },
  },
};
