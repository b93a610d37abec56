import type { Font } from 'fontkit';

/**
 * Faster, smaller CFF subsets for the CJK fonts (issue 21's 1,000-report ZIP).
 *
 * fontkit's CFF subset keeps every subroutine index of the font at full length, replacing each
 * unused subroutine by a one-byte stub, so the subroutines stay numbered as the glyphs call
 * them. Noto Sans SC has 641 global subroutines and 22,293 local ones in one of its 19 font
 * dictionaries: every PDF then carries about 88 KB of stubs and offsets per weight, and encoding
 * those indexes through fontkit's generic struct writer took most of a report's time (a CPU
 * profile of `renderReport`: `subsetSubrs`, `Buffer.size`, `Number.encode`).
 *
 * Here the used glyphs are *desubroutinised* instead (as fontTools' `desubroutinize`): every
 * `callsubr` / `callgsubr` is replaced by the body it calls, so the subset needs no subroutine at
 * all. The outlines and hints are the same operators in the same order, so a viewer draws the
 * same glyphs. A flattened glyph depends only on the font and the glyph id, so it is made once
 * per process and reused by every later document: a ZIP of reports flattens each character
 * once.
 */

/** The parts of fontkit's (untyped) CFF table and subset that are used here. */
interface SubrEntry {
  offset: number;
  length: number;
}
interface PrivateDict {
  Subrs?: SubrEntry[] | null;
  [key: string]: unknown;
}
interface FontDict {
  Private?: PrivateDict | null;
  [key: string]: unknown;
}
interface CffTable {
  stream: { buffer: Uint8Array };
  isCIDFont: boolean;
  globalSubrIndex?: SubrEntry[];
  topDict: { CharStrings: SubrEntry[]; FDArray?: FontDict[]; Private?: PrivateDict | null };
  fdForGlyph(gid: number): number | null;
  privateDictForGlyph(gid: number): PrivateDict | null;
}
interface TopDictOut {
  FDArray?: FontDict[];
  FDSelect?: unknown;
  [key: string]: unknown;
}
interface CffSubset {
  cff?: CffTable;
  glyphs: number[];
  charstrings: Uint8Array[];
  gsubrs: Uint8Array[];
  subsetCharstrings(): void;
  subsetFontdict(topDict: TopDictOut): void;
  createCIDFontdict(topDict: TopDictOut): void;
}

/** Type 2 charstring operators that matter here (Adobe TN 5177). */
const OP = {
  hstem: 1,
  vstem: 3,
  callsubr: 10,
  return: 11,
  escape: 12,
  endchar: 14,
  hstemhm: 18,
  hintmask: 19,
  cntrmask: 20,
  vstemhm: 23,
  shortint: 28,
  callgsubr: 29,
} as const;

/** The number added to a subroutine operand, by the size of its index (TN 5177 §4.7). */
export function subrBias(count: number): number {
  return count < 1240 ? 107 : count < 33900 ? 1131 : 32768;
}

/** Guards against a malformed font whose subroutines call each other forever. */
const MAX_DEPTH = 10;

/**
 * One glyph's charstring with every subroutine call replaced by the subroutine's body. Operands
 * are copied as they are; a call's own operand (the subroutine number) and the subroutine's
 * `return` are dropped. Stem hints are counted across the inlined bodies, because the length of
 * a `hintmask` / `cntrmask` operator depends on how many stems came before it.
 */
export function flattenCharstring(
  bytes: Uint8Array,
  charstring: SubrEntry,
  globalSubrs: readonly SubrEntry[],
  localSubrs: readonly SubrEntry[],
): Uint8Array {
  const out: number[] = [];
  /** Start in `out` and value of each operand waiting for its operator. */
  const operandAt: number[] = [];
  const operands: number[] = [];
  let stems = 0;
  let ended = false;
  const globalBias = subrBias(globalSubrs.length);
  const localBias = subrBias(localSubrs.length);

  const run = (start: number, end: number, depth: number): void => {
    if (depth > MAX_DEPTH) throw new Error('CFF subroutines nested too deep');
    let pos = start;
    while (pos < end && !ended) {
      const b0 = bytes[pos] as number;
      if (b0 >= 32 || b0 === OP.shortint) {
        const size = b0 === OP.shortint ? 3 : b0 <= 246 ? 1 : b0 <= 254 ? 2 : 5;
        operandAt.push(out.length);
        operands.push(readNumber(bytes, pos));
        for (let i = 0; i < size; i++) out.push(bytes[pos + i] as number);
        pos += size;
        continue;
      }
      pos++;
      if (b0 === OP.callsubr || b0 === OP.callgsubr) {
        const at = operandAt.pop();
        const n = operands.pop();
        if (at === undefined || n === undefined) throw new Error('CFF subroutine call without its number');
        out.length = at; // the subroutine number goes; its body comes instead
        const subr = b0 === OP.callsubr ? localSubrs[n + localBias] : globalSubrs[n + globalBias];
        if (!subr) throw new Error(`CFF subroutine ${n} missing`);
        run(subr.offset, subr.offset + subr.length, depth + 1);
        continue;
      }
      if (b0 === OP.return) return;
      if (b0 === OP.hstem || b0 === OP.vstem || b0 === OP.hstemhm || b0 === OP.vstemhm) {
        stems += operands.length >> 1;
      }
      out.push(b0);
      if (b0 === OP.escape) out.push(bytes[pos++] as number);
      if (b0 === OP.hintmask || b0 === OP.cntrmask) {
        // Operands before the first hintmask are vertical stems given without vstemhm.
        stems += operands.length >> 1;
        const maskBytes = (stems + 7) >> 3;
        for (let i = 0; i < maskBytes; i++) out.push(bytes[pos++] as number);
      }
      operandAt.length = 0;
      operands.length = 0;
      if (b0 === OP.endchar) ended = true;
    }
  };
  run(charstring.offset, charstring.offset + charstring.length, 0);
  return Uint8Array.from(out);
}

function readNumber(bytes: Uint8Array, pos: number): number {
  const b0 = bytes[pos] as number;
  const b1 = bytes[pos + 1] as number;
  if (b0 === OP.shortint) return (((b1 << 8) | (bytes[pos + 2] as number)) << 16) >> 16;
  if (b0 <= 246) return b0 - 139;
  if (b0 <= 250) return (b0 - 247) * 256 + b1 + 108;
  if (b0 <= 254) return -(b0 - 251) * 256 - b1 - 108;
  // 16.16 fixed point: never a subroutine number, kept only so the operand count is right.
  const v =
    (b1 << 24) | ((bytes[pos + 2] as number) << 16) | ((bytes[pos + 3] as number) << 8) | (bytes[pos + 4] as number);
  return v / 65536;
}

/**
 * Makes `font.createSubset()` (what pdfkit calls once per document and font) answer subsets
 * without subroutines, with each glyph flattened once per process. Fonts without a CFF table
 * (TrueType) are left as they are.
 */
export function useFlatCffSubsets(font: Font): void {
  const f = font as unknown as { createSubset(): CffSubset; 'CFF '?: CffTable };
  const cff = f['CFF '];
  if (!cff) return;
  const flat = new Map<number, Uint8Array>();
  const glyphCharstring = (gid: number): Uint8Array => {
    let out = flat.get(gid);
    if (!out) {
      const entry = cff.topDict.CharStrings[gid];
      if (!entry) throw new Error(`glyph ${gid} not in the font`);
      const local = cff.privateDictForGlyph(gid)?.Subrs ?? [];
      out = flattenCharstring(cff.stream.buffer, entry, cff.globalSubrIndex ?? [], local);
      flat.set(gid, out);
    }
    return out;
  };
  const create = f.createSubset.bind(font);
  f.createSubset = () => {
    const subset = create();
    subset.subsetCharstrings = function (this: CffSubset) {
      this.charstrings = this.glyphs.map(glyphCharstring);
      this.gsubrs = [];
    };
    // fontkit's own versions, less the subroutines: the used font dictionaries in glyph order.
    subset.subsetFontdict = function (this: CffSubset, topDict: TopDictOut) {
      const dicts: FontDict[] = [];
      const fds: number[] = [];
      const position = new Map<number, number>();
      for (const gid of this.glyphs) {
        const fd = cff.fdForGlyph(gid);
        if (fd == null) continue;
        let at = position.get(fd);
        if (at === undefined) {
          const { FontName: _name, ...dict } = cff.topDict.FDArray?.[fd] ?? {};
          at = dicts.push(withoutSubrs(dict)) - 1;
          position.set(fd, at);
        }
        fds.push(at);
      }
      topDict.FDArray = dicts;
      topDict.FDSelect = { version: 0, fds };
    };
    subset.createCIDFontdict = function (this: CffSubset, topDict: TopDictOut) {
      topDict.FDArray = [withoutSubrs({ Private: cff.topDict.Private ?? null })];
      topDict.FDSelect = { version: 3, nRanges: 1, ranges: [{ first: 0, fd: 0 }], sentinel: this.glyphs.length };
    };
    return subset;
  };
}

function withoutSubrs(dict: FontDict): FontDict {
  return dict.Private ? { ...dict, Private: { ...dict.Private, Subrs: null } } : { ...dict };
}
