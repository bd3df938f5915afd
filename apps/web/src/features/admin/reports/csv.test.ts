import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from './csv';

describe('csv export', () => {
  it('quotes fields that hold commas, quotes or line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Smith, Jane')).toBe('"Smith, Jane"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('writes empty cells for missing values and numbers as numbers', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(true)).toBe('true');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1 212')).toBe("'+1 212");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('-5')).toBe("'-5");
  });

  it('builds a header line and one CRLF-terminated line per row', () => {
    const csv = toCsv(
      [
        { header: 'Service', value: (row: { name: string; count: number }) => row.name },
        { header: 'Bookings', value: (row) => row.count },
      ],
      [
        { name: 'Cleaning', count: 3 },
        { name: 'Exam, new', count: 1 },
      ],
    );
    expect(csv).toBe('Service,Bookings\r\nCleaning,3\r\n"Exam, new",1\r\n');
  });

  it('makes safe file names', () => {
    expect(csvFileName('Appointments', '2026-01-01', 'to', '2026-01-31')).toBe(
      'appointments-2026-01-01-to-2026-01-31.csv',
    );
    expect(csvFileName('By channel / source')).toBe('by-channel-source.csv');
    expect(csvFileName('')).toBe('export.csv');
  });
});
