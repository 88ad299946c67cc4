// LinkedIn's "little text" format for `commentary`: the characters | { } @ [ ] ( ) < > # * _ ~ and the
// backslash are markup, and a post whose text carries one unescaped is silently cut at that character.
// Plain text is backslash-escaped; two things stay markup: mentions written as LinkedIn documents them,
// `@[Name](urn:li:organization:123)` or `@[Name](urn:li:person:abc)` (resolve_mention gives the URN), and
// hashtags (`#word` at a word start), which become the hashtag template `{hashtag|\#|word}`.

const RESERVED = /[\\|{}@[\]()<>#*_~]/g;
const TOKENS = /@\[([^\]\n]{1,200})\]\((urn:li:(?:person|organization):[A-Za-z0-9_-]+)\)|(^|[\s(])#([\p{L}\p{N}_]+)/gu;

export const escapeLittleText = (text: string) => text.replace(RESERVED, (c) => `\\${c}`);

export const littleText = (body: string): string => {
  let out = "";
  let last = 0;
  for (const m of body.matchAll(TOKENS)) {
    const [whole, name, urn, lead, tag] = m;
    out += escapeLittleText(body.slice(last, m.index));
    out += urn
      ? `@[${escapeLittleText(name!)}](${urn})`
      : `${escapeLittleText(lead!)}{hashtag|\\#|${escapeLittleText(tag!)}}`;
    last = m.index + whole.length;
  }
  return out + escapeLittleText(body.slice(last));
};
