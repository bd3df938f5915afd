import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import type { ReportTable } from './report-model';

/**
 * The drawings of the Reports screen, made of plain boxes (no chart library: nothing of them can
 * reach the booking pages' shared chunks). They are hidden from assistive technology: the card
 * around each gives a one-sentence summary and the same data as a table.
 */

const COLUMNS_HEIGHT = 180;

/** Columns over time (one per day), with the top value and the first, middle and last day. */
function Columns({ table }: { table: ReportTable }) {
  const theme = useTheme();
  const max = Math.max(1, ...table.rows.map((row) => row.count));
  const ticks = [...new Set([0, Math.floor((table.rows.length - 1) / 2), table.rows.length - 1])].filter(
    (index) => index >= 0,
  );
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Box
          sx={{
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'space-between',
            height: COLUMNS_HEIGHT,
            minWidth: 24,
            textAlign: 'right',
          }}
        >
          <Typography variant="caption">{max}</Typography>
          <Typography variant="caption">0</Typography>
        </Box>
        <Box
          sx={{
            flex: 1,
            display: 'flex',
            alignItems: 'flex-end',
            gap: table.rows.length > 60 ? 0 : '2px',
            height: COLUMNS_HEIGHT,
            borderLeft: 1,
            borderBottom: 1,
            borderColor: 'divider',
            minWidth: 0,
          }}
        >
          {table.rows.map((row) => (
            <Box
              key={row.key}
              title={`${row.label}: ${row.count}`}
              sx={{
                flex: 1,
                minWidth: 0,
                height: `${(row.count / max) * 100}%`,
                bgcolor: 'primary.main',
                borderRadius: '2px 2px 0 0',
                '&:hover': { bgcolor: theme.palette.primary.dark },
              }}
            />
          ))}
        </Box>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', pl: 4, mt: 0.5 }}>
        {ticks.map((index) => (
          <Typography key={index} variant="caption">
            {table.rows[index]?.label}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** Horizontal bars, one per row, longest for the largest count. */
function Bars({ table }: { table: ReportTable }) {
  const max = Math.max(1, ...table.rows.map((row) => row.count));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(90px, 38%) 1fr', columnGap: 1, rowGap: 0.75 }}>
      {table.rows.map((row) => (
        <Box key={row.key} sx={{ display: 'contents' }}>
          <Typography variant="body2" noWrap title={row.label}>
            {row.label}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Box
              sx={{
                height: 14,
                width: `${(row.count / max) * 100}%`,
                minWidth: row.count > 0 ? 2 : 0,
                bgcolor: 'primary.main',
                borderRadius: 1,
              }}
            />
            <Typography variant="body2">{row.count}</Typography>
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The funnel: each step's sessions, and beside them the sessions lost since the previous step. */
function Funnel({ table }: { table: ReportTable }) {
  const theme = useTheme();
  const max = Math.max(1, ...table.rows.map((row) => row.count + (row.dropOff ?? 0)));
  const swatch = (colour: string) => (
    <Box component="span" sx={{ display: 'inline-block', width: 12, height: 12, bgcolor: colour, mr: 0.5 }} />
  );
  return (
    <>
      <Typography variant="caption" component="p" sx={{ mb: 1 }}>
        <Trans>
          {swatch(theme.palette.primary.main)} Sessions that reached the step{' '}
          {swatch(alpha(theme.palette.error.main, 0.3))} Dropped off since the previous step
        </Trans>
      </Typography>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(110px, 25%) 1fr', columnGap: 1, rowGap: 0.75 }}
      >
        {table.rows.map((row) => (
          <Box key={row.key} sx={{ display: 'contents' }}>
            <Typography variant="body2" noWrap title={row.label}>
              {row.label}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
              <Box sx={{ height: 18, width: `${(row.count / max) * 100}%`, bgcolor: 'primary.main' }} />
              <Box
                sx={{
                  height: 18,
                  width: `${((row.dropOff ?? 0) / max) * 100}%`,
                  bgcolor: alpha(theme.palette.error.main, 0.3),
                }}
              />
              <Typography variant="body2" sx={{ ml: 1, whiteSpace: 'nowrap' }}>
                {row.count}
                {row.dropOff ? ` (−${row.dropOff})` : ''}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </>
  );
}

export interface ReportChartProps {
  table: ReportTable;
  kind: 'columns' | 'bars' | 'funnel';
}

export function ReportChart({ table, kind }: ReportChartProps) {
  let chart;
  switch (kind) {
    case 'columns':
      chart = <Columns table={table} />;
      break;
    case 'bars':
      chart = <Bars table={table} />;
      break;
    case 'funnel':
      chart = <Funnel table={table} />;
      break;
  }
  return <Box aria-hidden="true">{chart}</Box>;
}
