// One emoji (a single grapheme that is pictographic): the reactions Bluesky and WhatsApp take.
export const isOneEmoji = (value: string) =>
  [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(value)].length === 1 &&
  /\p{Extended_Pictographic}/u.test(value);
