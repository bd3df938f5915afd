// A small, dependency-free line chart as SVG text (the slot-search cost curve): one or more panels
// side by side, each with its own y scale and legend.

export interface Series {
  label: string;
  colour: string;
  dashed?: boolean;
  points: { x: number; y: number }[];
}

export interface Panel {
  title: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
}

export interface Chart {
  title: string;
  subtitle: string;
  panels: Panel[];
}

function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const fixed = (n: number): string => n.toFixed(1);

function drawPanel(panel: Panel, originX: number, top: number, width: number, plotHeight: number): string[] {
  const left = originX + 62;
  const plotWidth = width - 62 - 16;
  const all = panel.series.flatMap((s) => s.points);
  const xMax = niceMax(Math.max(...all.map((p) => p.x)));
  const yMax = niceMax(Math.max(...all.map((p) => p.y)) * 1.05);
  const sx = (x: number): number => left + (x / xMax) * plotWidth;
  const sy = (y: number): number => top + plotHeight - (y / yMax) * plotHeight;
  const parts: string[] = [
    `<text x="${left}" y="${top - 12}" font-weight="600">${escape(panel.title)}</text>`,
  ];
  for (let i = 0; i <= 5; i++) {
    const y = (yMax / 5) * i;
    const x = (xMax / 5) * i;
    parts.push(
      `<line x1="${left}" x2="${left + plotWidth}" y1="${fixed(sy(y))}" y2="${fixed(sy(y))}" stroke="#e5e5e5"/>`,
      `<text x="${left - 8}" y="${fixed(sy(y) + 4)}" text-anchor="end" fill="#555555">${+y.toFixed(2)}</text>`,
      `<text x="${fixed(sx(x))}" y="${top + plotHeight + 18}" text-anchor="middle" fill="#555555">${+x.toFixed(0)}</text>`,
    );
  }
  parts.push(
    `<line x1="${left}" x2="${left}" y1="${top}" y2="${top + plotHeight}" stroke="#333333"/>`,
    `<line x1="${left}" x2="${left + plotWidth}" y1="${top + plotHeight}" y2="${top + plotHeight}" stroke="#333333"/>`,
    `<text x="${left + plotWidth / 2}" y="${top + plotHeight + 38}" text-anchor="middle">${escape(panel.xLabel)}</text>`,
    `<text transform="translate(${originX + 14} ${top + plotHeight / 2}) rotate(-90)" text-anchor="middle">${escape(panel.yLabel)}</text>`,
  );
  panel.series.forEach((series, index) => {
    const points = [...series.points].sort((a, b) => a.x - b.x);
    const path = points.map((p) => `${fixed(sx(p.x))},${fixed(sy(p.y))}`).join(' ');
    const dash = series.dashed === true ? ' stroke-dasharray="6 4"' : '';
    parts.push(`<polyline points="${path}" fill="none" stroke="${series.colour}" stroke-width="2"${dash}/>`);
    if (series.dashed !== true)
      for (const p of points)
        parts.push(`<circle cx="${fixed(sx(p.x))}" cy="${fixed(sy(p.y))}" r="3.5" fill="${series.colour}"/>`);
    const column = index % 2;
    const row = Math.floor(index / 2);
    const lx = left + column * (plotWidth / 2);
    const ly = top + plotHeight + 60 + row * 18;
    parts.push(
      `<line x1="${lx}" x2="${lx + 22}" y1="${ly}" y2="${ly}" stroke="${series.colour}" stroke-width="2"${dash}/>`,
      `<text x="${lx + 28}" y="${ly + 4}">${escape(series.label)}</text>`,
    );
  });
  return parts;
}

export function lineChart(chart: Chart): string {
  const panelWidth = 440;
  const plotHeight = 280;
  const top = 86;
  const legendRows = Math.max(...chart.panels.map((p) => Math.ceil(p.series.length / 2)));
  const width = panelWidth * chart.panels.length + 20;
  const height = top + plotHeight + 60 + legendRows * 18 + 10;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="20" y="26" font-size="16" font-weight="600">${escape(chart.title)}</text>`,
    `<text x="20" y="46" fill="#555555">${escape(chart.subtitle)}</text>`,
  ];
  chart.panels.forEach((panel, index) =>
    parts.push(...drawPanel(panel, 10 + index * panelWidth, top, panelWidth, plotHeight)),
  );
  parts.push('</svg>', '');
  return parts.join('\n');
}

/** Least-squares line y = a + b·x. */
export function linearFit(points: { x: number; y: number }[]): { a: number; b: number; r2: number } {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
    syy += (p.y - my) ** 2;
  }
  const b = sxx === 0 ? 0 : sxy / sxx;
  const a = my - b * mx;
  const r2 = syy === 0 || sxx === 0 ? 1 : (sxy * sxy) / (sxx * syy);
  return { a, b, r2 };
}
