/**
 * Short forms of given names, both ways (Robert → bob, rob; Bob → robert), used only as low-prior
 * extra candidates (verification.md §6). A small hand-picked subset of carltonnorthern/nicknames
 * `names.csv` (Apache-2.0, https://github.com/carltonnorthern/nicknames), plus a few European short
 * forms common in business mail (Kasia, Gosia, Bartek, Hannes, Beppe, Paco, Pepe, Javi) [inf].
 * Keys and values are folded ASCII, as the finder compares them.
 */
const FORMAL_TO_SHORT: Readonly<Record<string, readonly string[]>> = {
  abigail: ['abby'],
  albert: ['al', 'bert'],
  alexander: ['alex', 'sandy'],
  alexandra: ['alex', 'sandy'],
  alfred: ['alf', 'fred'],
  andrew: ['andy', 'drew'],
  anthony: ['tony'],
  barbara: ['barb'],
  benjamin: ['ben'],
  bradley: ['brad'],
  catherine: ['cathy', 'kate'],
  charles: ['charlie', 'chuck'],
  christina: ['chris', 'tina'],
  christopher: ['chris'],
  daniel: ['dan', 'danny'],
  david: ['dave'],
  deborah: ['debbie', 'deb'],
  donald: ['don'],
  douglas: ['doug'],
  edward: ['ed', 'ted'],
  elizabeth: ['liz', 'beth', 'betty'],
  frederick: ['fred'],
  gregory: ['greg'],
  james: ['jim', 'jamie'],
  jennifer: ['jen', 'jenny'],
  jessica: ['jess'],
  john: ['jack', 'johnny'],
  jonathan: ['jon'],
  joseph: ['joe'],
  joshua: ['josh'],
  katherine: ['kate', 'katie'],
  kenneth: ['ken'],
  lawrence: ['larry'],
  margaret: ['maggie', 'peggy'],
  matthew: ['matt'],
  michael: ['mike'],
  nicholas: ['nick'],
  patricia: ['trish', 'patty'],
  patrick: ['pat', 'paddy'],
  peter: ['pete'],
  philip: ['phil'],
  rebecca: ['becky'],
  richard: ['rick', 'rich', 'dick'],
  robert: ['bob', 'rob', 'bobby'],
  ronald: ['ron'],
  samuel: ['sam'],
  stephen: ['steve'],
  steven: ['steve'],
  susan: ['sue'],
  thomas: ['tom'],
  timothy: ['tim'],
  victoria: ['vicky'],
  william: ['bill', 'will', 'billy'],
  // European short forms [inf: common usage, not from names.csv]
  alessandro: ['sandro'],
  bartlomiej: ['bartek'],
  francisco: ['paco'],
  giuseppe: ['beppe'],
  javier: ['javi'],
  johannes: ['hannes'],
  jose: ['pepe'],
  katarzyna: ['kasia'],
  malgorzata: ['gosia'],
  maximilian: ['max'],
  venkatesh: ['venky'],
};

const SHORT_TO_FORMAL: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const [formal, shorts] of Object.entries(FORMAL_TO_SHORT)) {
    for (const short of shorts) map.set(short, [...(map.get(short) ?? []), formal]);
  }
  return map;
})();

/** Other names the same person may use in an address, most common first; never the name itself. */
export function nicknamesOf(folded: string): readonly string[] {
  const out = [...(FORMAL_TO_SHORT[folded] ?? []), ...(SHORT_TO_FORMAL.get(folded) ?? [])];
  return [...new Set(out)].filter((n) => n !== folded);
}
