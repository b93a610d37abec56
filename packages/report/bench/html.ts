/**
 * The full health report as one HTML page (inline SVG charts, data-URL photos, CSS print
 * layout), close to what the PDF shows: what a "print the page with Chromium" design would
 * render. Used only by the benchmark to compare against pdfkit.
 */
import type { HealthReport } from '@tcm/contract';
import { label } from '../src/labels.js';
import { formatRange } from '../src/sections/format.js';

const esc = (s: string | number) => String(s).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const table = (head: string[], rows: (string | number)[][]) =>
  `<table><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`;
const poly = (pts: [number, number][]) => pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');

function photo(img: { mime: string; base64: string; width: number; height: number }, overlay: string) {
  return `<svg class="photo" viewBox="0 0 ${img.width} ${img.height}" width="170"><image href="data:${img.mime};base64,${img.base64}" width="${img.width}" height="${img.height}"/>${overlay}</svg>`;
}

function radar(scores: { label: string; value: number }[]) {
  const n = scores.length,
    r = 80,
    c = 110;
  const at = (i: number, v: number): [number, number] => [
    c + v * Math.cos(-Math.PI / 2 + (2 * Math.PI * i) / n),
    c + v * Math.sin(-Math.PI / 2 + (2 * Math.PI * i) / n),
  ];
  const rings = [1, 2, 3, 4, 5]
    .map((k) => `<polygon points="${poly(scores.map((_, i) => at(i, (r * k) / 5)))}" fill="none" stroke="#ccd"/>`)
    .join('');
  const labels = scores
    .map((s, i) => {
      const [x, y] = at(i, r + 14);
      return `<text x="${x}" y="${y}" text-anchor="middle" font-size="9">${esc(s.label)} ${s.value.toFixed(0)}</text>`;
    })
    .join('');
  return `<svg width="220" height="220">${rings}<polygon points="${poly(scores.map((s, i) => at(i, (r * s.value) / 100)))}" fill="#1B5E6B40" stroke="#1B5E6B"/>${labels}</svg>`;
}

function line(values: number[], w: number, h: number) {
  const lo = Math.min(...values),
    hi = Math.max(...values);
  const pts = values.map((v, i): [number, number] => [
    (i / (values.length - 1)) * w,
    h - ((v - lo) / (hi - lo || 1)) * h,
  ]);
  return `<svg width="${w}" height="${h}"><polyline points="${poly(pts)}" fill="none" stroke="#1B5E6B"/></svg>`;
}

/** HTML page of the health report `m` in its language. */
export function reportHtml(m: HealthReport): string {
  const l = m.header.language;
  const t = (k: string, v?: Record<string, string | number>) => label(l, k, v);
  const parts: string[] = [];
  const h = m.header;
  parts.push(`<header><div>${esc(h.organisation)}</div><h1>${esc(t('report.title'))}</h1></header>`);
  parts.push(
    `<div class="person">${[
      [t('header.name'), h.person.name],
      [t('header.date'), h.date],
      [t('header.reportId'), h.reportId],
    ]
      .map(([k, v]) => `<span>${esc(k!)}: <b>${esc(v!)}</b></span>`)
      .join('')}</div>`,
  );
  const sec = (key: string, body: string) => parts.push(`<section><h2>${esc(t(key))}</h2>${body}</section>`);
  if (m.vitals)
    sec(
      'section.vitals',
      table(
        [t('col.indicator'), t('col.value'), t('col.unit'), t('col.reference'), t('col.risk'), t('col.reason')],
        m.vitals.rows.map((r) => [
          esc(t(r.indicator)),
          esc(r.value),
          esc(r.unit),
          esc(formatRange(r.reference)),
          `<span class="b ${r.risk}">${esc(t(`risk.${r.risk}`))}</span>`,
          esc(r.reason ?? ''),
        ]),
      ),
    );
  const findings = (rows: { name: string; value: string; evidence?: string | undefined }[]) =>
    table(
      [t('col.feature'), t('col.value'), t('col.evidence')],
      rows.map((f) => [esc(t(f.name)), esc(f.value), esc(f.evidence ?? '')]),
    );
  if (m.tongue)
    sec(
      'section.tongue',
      `<div class="row">${m.tongue.photo ? photo(m.tongue.photo, m.tongue.outline ? `<polygon points="${poly(m.tongue.outline)}" fill="none" stroke="#22C55E" stroke-width="2"/>` : '') : ''}${findings(m.tongue.features)}</div><p>${esc(m.tongue.summary ?? '')}</p>`,
    );
  if (m.face)
    sec(
      'section.face',
      `<div class="row">${m.face.photo ? photo(m.face.photo, m.face.regions.map((r) => (r.box ? `<rect x="${r.box[0]}" y="${r.box[1]}" width="${r.box[2]}" height="${r.box[3]}" fill="none" stroke="#F59E0B"/>` : '')).join('')) : ''}${findings(m.face.features)}</div>${table(
        [t('face.skinScores'), ''],
        m.face.skinScores.map((s) => [
          esc(t(s.name)),
          `<meter min="0" max="100" value="${s.score}"></meter> ${s.score}`,
        ]),
      )}`,
    );
  if (m.pulse)
    sec(
      'section.pulse',
      `${m.pulse.waveform ? line(m.pulse.waveform.samples, 680, 120) : ''}${table(
        [t('col.parameter'), t('col.value'), t('col.unit'), t('col.evidence')],
        m.pulse.parameters.map((p) => [esc(t(p.name)), esc(p.value), esc(p.unit), esc(p.evidence ?? '')]),
      )}`,
    );
  if (m.voice)
    sec(
      'section.voice',
      table(
        [t('col.measure'), t('col.value'), t('col.unit'), t('col.reference')],
        m.voice.measures.map((v) => [esc(t(v.name)), esc(v.value), esc(v.unit), esc(formatRange(v.reference))]),
      ),
    );
  if (m.constitution)
    sec(
      'section.constitution',
      `<div class="row">${radar(m.constitution.scores.map((s) => ({ label: t(`constitution.type.${s.type}`), value: s.score })))}${table(
        [t('col.type'), t('col.score'), t('col.verdict')],
        m.constitution.scores.map((s) => [
          esc(t(`constitution.type.${s.type}`)),
          s.score,
          esc(t(`constitution.verdict.${s.verdict}`)),
        ]),
      )}</div>`,
    );
  if (m.syndromes)
    sec(
      'section.syndromes',
      table(
        [t('col.pattern'), t('col.score'), t('col.confidence'), t('col.evidence')],
        m.syndromes.patterns.map((p) => [
          esc(p.name),
          p.score,
          `${Math.round(p.confidence * 100)} %`,
          esc(p.evidence.join('; ')),
        ]),
      ),
    );
  if (m.advice)
    sec(
      'section.advice',
      m.advice.groups
        .map((g) => `<h3>${esc(t(g.category))}</h3><ul>${g.items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>`)
        .join(''),
    );
  if (m.trends)
    sec(
      'section.trends',
      `<div class="grid">${m.trends.series
        .map(
          (s) =>
            `<div><h3>${esc(t(s.indicator))}</h3>${line(
              s.points.map((p) => p.value),
              320,
              100,
            )}</div>`,
        )
        .join('')}</div>`,
    );
  parts.push(`<aside>${esc(m.disclaimer ?? t('disclaimer.text'))}</aside>`);
  const css = `@page{size:A4;margin:14mm}body{font-family:'Noto Sans CJK SC','Noto Sans SC',sans-serif;font-size:9pt;color:#1F2328}header{background:#1B5E6B;color:#fff;padding:10px 14px}h1{margin:4px 0;font-size:19pt}h2{background:#E7F1F2;border-left:4px solid #1B5E6B;padding:3px 8px;font-size:11pt}table{border-collapse:collapse;width:100%;margin:4px 0}th{background:#1B5E6B;color:#fff;text-align:left;padding:4px}td{padding:4px;border-bottom:1px solid #CBD5DC}tr{break-inside:avoid}.b{color:#fff;border-radius:6px;padding:1px 8px;font-size:7.5pt}.low{background:#2E7D32}.medium{background:#D08A00}.high{background:#C62828}.row{display:flex;gap:14px;align-items:flex-start}.grid{display:grid;grid-template-columns:1fr 1fr}.person span{display:inline-block;width:32%;padding:6px 0}aside{border:1px solid #D08A00;padding:8px;margin-top:10px}section{break-inside:auto}`;
  return `<!doctype html><html lang="${l === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><style>${css}</style></head><body>${parts.join('')}</body></html>`;
}
