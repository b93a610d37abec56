// One-off: American spelling (issue 16 item 2). Mode "ids": identifier tokens and file paths;
// mode "prose": comments, strings and docs. Wire names (stored JSON, API fields, DB columns) kept.
import ts from 'typescript';
import { readFileSync, writeFileSync } from 'node:fs';
const [mode, ...files] = process.argv.slice(2);
const IDS = {
  COLOURED: 'COLORED', COLOURS: 'COLORS', ColourMetrics: 'ColorMetrics', LEVEL_COLOURS: 'LEVEL_COLORS',
  LIP_COLOURS: 'LIP_COLORS', LIP_COLOUR_WORDS: 'LIP_COLOR_WORDS', TONGUE_BODY_COLOURS: 'TONGUE_BODY_COLORS',
  TONGUE_COATING_COLOURS: 'TONGUE_COATING_COLORS', TongueBodyColour: 'TongueBodyColor',
  TongueCoatingColour: 'TongueCoatingColor', analyse: 'analyze', analyseChannel: 'analyzeChannel',
  analysePulse: 'analyzePulse', analyseVoice: 'analyzeVoice', analysed: 'analyzed', analysedResults: 'analyzedResults',
  analysing: 'analyzing', brandColourSchema: 'brandColorSchema', colourIdx: 'colorIdx', colourMetrics: 'colorMetrics',
  colourRule: 'colorRule', colours: 'colors', h5Colour: 'h5Color', nColour: 'nColor', normalise: 'normalize',
  normaliseFindings: 'normalizeFindings', normaliseNumber: 'normalizeNumber', normaliseQuery: 'normalizeQuery',
  summarise: 'summarize', toColourspace: 'toColorspace', tongueBodyColourSchema: 'tongueBodyColorSchema',
  tongueCoatingColourSchema: 'tongueCoatingColorSchema', uploadAndAnalyse: 'uploadAndAnalyze',
  zoneBodyColour: 'zoneBodyColor', zoneCoatingColour: 'zoneCoatingColor', DEFAULT_ORGANISATION: 'DEFAULT_ORGANIZATION',
};
// Module paths inside import strings and docs.
const PATHS = [
  [/\bvoice\/analyse\b/g, 'voice/analyze'], [/\bpulse\/analyse\b/g, 'pulse/analyze'], [/(['"`/])analyse\.(js|ts|mjs|py)\b/g, '$1analyze.$2'],
  [/colour-metrics\b/g, 'color-metrics'], [/(['"`/])normalise(\.test)?\.(js|ts)\b/g, '$1normalize$2.$3'],
];
// Names that data already carries: stored results, API bodies, DB columns, model files, data keys.
const WIRE = /^(colour|bodyColour|coatingColour|tongueColour|organisation|h5_colour|body_colour|coating_colour)$/;
const WORDS = [
  [/([Aa])nalys(e|ed|ing)(?![a-z])/g, (m, a, e) => `${a}nalyz${e}`],
  [/ANALYS(E|ED|ING)(?![A-Z])/g, 'ANALYZ$1'],
  [/(?<![_a-z])colour(?!_)/g, 'color'], [/(?<![a-z])Colour/g, 'Color'], [/COLOUR/g, 'COLOR'],
  [/([Nn])ormalis(e|ed|es|ing|ation)(?![a-z])/g, '$1ormaliz$2'],
  [/([Ss])ummaris(e|ed|es|ing)(?![a-z])/g, '$1ummariz$2'],
  [/([Bb])ehaviour/g, '$1ehavior'],
  [/([Oo])rganis(e|ed|es|ing|ation|ations)(?![a-z_])/g, '$1rganiz$2'],
  [/([Rr])ecognis(e|ed|es|ing)(?![a-z])/g, '$1ecogniz$2'],
  [/([Oo])ptimis(e|ed|es|ing|ation)(?![a-z])/g, '$1ptimiz$2'],
  [/([Ss])erialis(e|ed|es|ing|ation)(?![a-z])/g, '$1erializ$2'],
  [/([Ii])nitialis(e|ed|es|ing|ation)(?![a-z])/g, '$1nitializ$2'],
  [/([Vv])isualis(e|ed|es|ing|ation)(?![a-z])/g, '$1isualiz$2'],
  [/([Cc])ategoris(e|ed|es|ing|ation)(?![a-z])/g, '$1ategoriz$2'],
  [/([Cc])entre(s?)\b/g, '$1enter$2'],
  [/([Cc])atalogue(s?)\b/g, '$1atalog$2'],
  [/([Hh])onour/g, '$1onor'], [/([Ff])avour/g, '$1avor'], [/([Nn])eighbour/g, '$1eighbor'],
];
// Words and code-like tokens inside prose that are wire names stay as they are.
const PROTECT = /\b(bodyColour|coatingColour|tongueColour|h5_colour|body_colour|coating_colour|h5\.colour|organisation\w*)\b/g;
function prose(s) {
  const kept = [];
  s = s.replace(PROTECT, (m) => `\u0000${kept.push(m) - 1}\u0000`);
  for (const [re, to] of PATHS) s = s.replace(re, to);
  for (const [re, to] of WORDS) s = s.replace(re, to);
  return s.replace(/\u0000(\d+)\u0000/g, (_, i) => kept[+i]);
}
function idsOnly(s) {
  for (const [re, to] of PATHS) s = s.replace(re, to);
  return s.replace(/\b[A-Za-z_][A-Za-z0-9_]*\b/g, (m) => IDS[m] ?? m);
}
function code(text, file) {
  const sc = ts.createScanner(ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard, text);
  let out = '';
  const stack = [];
  const str = (tok) => {
    const inner = tok.replace(/^[`'"}]/, '').replace(/(\$\{|[`'"])$/, '');
    if (WIRE.test(inner)) return tok;
    if (mode === 'prose') return prose(tok);
    let r = tok;
    for (const [re, to] of PATHS) r = r.replace(re, to);
    return r.replace(/\b(colourRule|analysing|h5Colour)\b/g, (m) => IDS[m]);
  };
  for (let k = sc.scan(); k !== ts.SyntaxKind.EndOfFileToken; k = sc.scan()) {
    if (k === ts.SyntaxKind.CloseBraceToken && stack.at(-1) === 'tpl') {
      stack.pop();
      k = sc.reScanTemplateToken(false);
    }
    const tok = sc.getTokenText();
    if (k === ts.SyntaxKind.TemplateHead || k === ts.SyntaxKind.TemplateMiddle) stack.push('tpl');
    else if (k === ts.SyntaxKind.OpenBraceToken || k === ts.SyntaxKind.DollarBraceToken) stack.push('brace');
    else if (k === ts.SyntaxKind.CloseBraceToken) stack.pop();
    if (k === ts.SyntaxKind.Identifier) out += mode === 'ids' ? (IDS[tok] ?? tok) : tok;
    else if ([ts.SyntaxKind.StringLiteral, ts.SyntaxKind.NoSubstitutionTemplateLiteral, ts.SyntaxKind.TemplateHead, ts.SyntaxKind.TemplateMiddle, ts.SyntaxKind.TemplateTail].includes(k)) out += str(tok);
    else if (k === ts.SyntaxKind.SingleLineCommentTrivia || k === ts.SyntaxKind.MultiLineCommentTrivia) out += mode === 'prose' ? prose(tok) : tok;
    else out += tok;
  }
  return out;
}
for (const f of files) {
  const text = readFileSync(f, 'utf8');
  let next;
  if (/\.(ts|tsx|mjs|js)$/.test(f)) next = code(text, f);
  else if (f.endsWith('.md')) next = text.split(/(`[^`\n]*`)/).map((part) => (part.startsWith('`') ? idsOnly(part) : mode === 'prose' ? prose(part) : part)).join('');
  else next = mode === 'prose' ? prose(text) : text;
  if (next !== text) { writeFileSync(f, next); console.log('edited', f); }
}
