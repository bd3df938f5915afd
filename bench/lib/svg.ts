// A small, dependency-free line chart as SVG text (the slot-search cost curve).

export interface Series {
  label: string;
  colour: string;
  dashed?: boolean;
  points: { x: number; y: number }[];
}

export interface Chart {
  title: string;
  subtitle: string;
  xLabel: string;
  yLabel: string;
  series: Series[];
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

export function lineChart(chart: Chart): string {
  const width = 720;
  const height = 440;
  const left = 70;
  const right = 190;
  const top = 64;
  const bottom = 56;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const all = chart.series.flatMap((s) => s.points);
  const xMax = niceMax(Math.max(...all.map((p) => p.x)));
  const yMax = niceMax(Math.max(...all.map((p) => p.y)) * 1.05);
  const sx = (x: number): number => left + (x / xMax) * plotWidth;
  const sy = (y: number): number => top + plotHeight - (y / yMax) * plotHeight;
  const fixed = (n: number): string => n.toFixed(1);

  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${left}" y="24" font-size="16" font-weight="600">${escape(chart.title)}</text>`,
    `<text x="${left}" y="44" fill="#555555">${escape(chart.subtitle)}</text>`,
  );
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
    `<text x="${left + plotWidth / 2}" y="${height - 14}" text-anchor="middle">${escape(chart.xLabel)}</text>`,
    `<text transform="translate(18 ${top + plotHeight / 2}) rotate(-90)" text-anchor="middle">${escape(chart.yLabel)}</text>`,
  );
  chart.series.forEach((series, index) => {
    const points = [...series.points].sort((a, b) => a.x - b.x);
    const path = points.map((p) => `${fixed(sx(p.x))},${fixed(sy(p.y))}`).join(' ');
    const dash = series.dashed === true ? ' stroke-dasharray="6 4"' : '';
    parts.push(`<polyline points="${path}" fill="none" stroke="${series.colour}" stroke-width="2"${dash}/>`);
    if (series.dashed !== true)
      for (const p of points)
        parts.push(`<circle cx="${fixed(sx(p.x))}" cy="${fixed(sy(p.y))}" r="3.5" fill="${series.colour}"/>`);
    const ly = top + 10 + index * 20;
    parts.push(
      `<line x1="${left + plotWidth + 16}" x2="${left + plotWidth + 40}" y1="${ly}" y2="${ly}" stroke="${series.colour}" stroke-width="2"${dash}/>`,
      `<text x="${left + plotWidth + 46}" y="${ly + 4}">${escape(series.label)}</text>`,
    );
  });
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
