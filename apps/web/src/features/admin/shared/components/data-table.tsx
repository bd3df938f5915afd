import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination, { type TablePaginationProps } from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { intlLocale } from '../../../../i18n/catalogs';
import { errorMessageOf } from '../api/admin-request';

export type SortDirection = 'asc' | 'desc';

/** The pagination's own texts (Material UI's English defaults, through Lingui). */
export function usePaginationLabels(): Pick<
  TablePaginationProps,
  'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel'
> {
  const { t } = useLingui();
  const number = new Intl.NumberFormat(intlLocale());
  return {
    labelRowsPerPage: t`Rows per page:`,
    labelDisplayedRows: ({ from, to, count }) => {
      const first = number.format(from);
      const last = number.format(to);
      const all = number.format(count);
      return count !== -1 ? t`${first}–${last} of ${all}` : t`${first}–${last} of more than ${last}`;
    },
    getItemAriaLabel: (type) =>
      ({
        first: t`Go to first page`,
        last: t`Go to last page`,
        next: t`Go to next page`,
        previous: t`Go to previous page`,
      })[type],
  };
}

/**
 * The first column of a table that scrolls sideways inside its card stays in view (issue 19), on
 * the paper's background so that the scrolled cells pass under it.
 */
export const STICKY_FIRST_CELL = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
} as const;

export interface ListQuery {
  page: number;
  pageSize: number;
  search: string;
  sort: string;
  direction: SortDirection;
}

export const PAGE_SIZES = [10, 25, 50] as const;
const SEARCH_DEBOUNCE_MS = 300;

/** State of a server-side list: page (0-based here), page size, debounced search and sort. */
export function useListQuery(initialSort: string, initialDirection: SortDirection = 'asc') {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[0]);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState(initialSort);
  const [direction, setDirection] = useState<SortDirection>(initialDirection);

  // Only a changed search goes back to the first page: the debounce must not also fire on mount,
  // or a page chosen in the first 300 ms (a quick user, a fast server) is taken back.
  useEffect(() => {
    const next = searchInput.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(0);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, search]);

  const query: ListQuery = { page, pageSize, search, sort, direction };
  return {
    query,
    searchInput,
    setSearchInput,
    setPage,
    setPageSize: (size: number) => {
      setPageSize(size);
      setPage(0);
    },
    toggleSort: (field: string) => {
      if (field === sort) setDirection((current) => (current === 'asc' ? 'desc' : 'asc'));
      else {
        setSort(field);
        setDirection('asc');
      }
      setPage(0);
    },
  };
}

export type ListQueryControls = ReturnType<typeof useListQuery>;

export interface Column<Row> {
  key: string;
  label: string;
  /** The server's sort field when the column can be sorted. */
  sortField?: string;
  align?: 'left' | 'right' | 'center';
  /** Long text that may wrap (at least this many pixels wide); other cells stay on one line. */
  wrapMinWidth?: number;
  render: (row: Row) => ReactNode;
}

export interface DataTableProps<Row> {
  /** Accessible name of the table (also shown to screen readers as its caption). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  total: number;
  rowKey: (row: Row) => string;
  controls: ListQueryControls;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  searchLabel: string;
  emptyText: string;
  /** Shown when a search finds nothing. */
  noMatchText?: string;
  toolbar?: ReactNode;
}

/** The column headers; a sortable column's header toggles the server's sort. */
function DataTableHead<Row>({
  columns,
  controls,
}: {
  columns: readonly Column<Row>[];
  controls: ListQueryControls;
}) {
  const { query } = controls;
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) => {
          const active = column.sortField !== undefined && query.sort === column.sortField;
          return (
            <TableCell
              key={column.key}
              align={column.align}
              sortDirection={active ? query.direction : false}
              scope="col"
              sx={column === columns[0] ? STICKY_FIRST_CELL : undefined}
            >
              {column.sortField ? (
                <TableSortLabel
                  active={active}
                  direction={active ? query.direction : 'asc'}
                  onClick={() => controls.toggleSort(column.sortField ?? column.key)}
                >
                  {column.label}
                </TableSortLabel>
              ) : (
                column.label
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}

/** A table whose paging, search and sort are done by the server. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  total,
  rowKey,
  controls,
  loading,
  error,
  onRetry,
  searchLabel,
  emptyText,
  noMatchText,
  toolbar,
}: DataTableProps<Row>) {
  const { t } = useLingui();
  const paginationLabels = usePaginationLabels();
  const searchId = useId();
  const { query } = controls;
  const empty = !loading && !error && rows !== undefined && rows.length === 0;

  return (
    <Paper variant="outlined">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 2, alignItems: 'center' }}>
        <TextField
          id={searchId}
          type="search"
          size="small"
          label={searchLabel}
          value={controls.searchInput}
          onChange={(event) => controls.setSearchInput(event.target.value)}
          sx={{ minWidth: { xs: '100%', sm: 280 } }}
        />
        <Box sx={{ flexGrow: 1 }} />
        {toolbar}
      </Box>
      <Box sx={{ height: 4 }}>
        {loading && rows !== undefined ? <LinearProgress aria-label={t`Updating`} /> : null}
      </Box>
      {error ? (
        <Alert
          severity="error"
          sx={{ m: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          }
        >
          {errorMessageOf(error)}
        </Alert>
      ) : null}
      {/* Focusable so keyboard users can scroll a wide table sideways. */}
      <TableContainer tabIndex={0} role="region" aria-label={t`${caption} (scrollable)`}>
        <Table size="small" aria-busy={loading}>
          <caption
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {caption}
          </caption>
          <DataTableHead columns={columns} controls={controls} />
          <TableBody>
            {rows === undefined && loading ? (
              <TableRow>
                <TableCell colSpan={columns.length} role="status">
                  <Trans>Loading…</Trans>
                </TableCell>
              </TableRow>
            ) : null}
            {empty ? (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  {query.search ? (noMatchText ?? t`Nothing matches your search.`) : emptyText}
                </TableCell>
              </TableRow>
            ) : null}
            {(rows ?? []).map((row) => (
              <TableRow key={rowKey(row)} hover>
                {columns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    sx={{
                      ...(column.wrapMinWidth === undefined
                        ? { whiteSpace: 'nowrap' }
                        : { minWidth: column.wrapMinWidth }),
                      ...(column === columns[0] ? STICKY_FIRST_CELL : {}),
                    }}
                  >
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        {...paginationLabels}
        component="div"
        count={total}
        page={total === 0 ? 0 : Math.min(query.page, Math.max(0, Math.ceil(total / query.pageSize) - 1))}
        rowsPerPage={query.pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_event, page) => controls.setPage(page)}
        onRowsPerPageChange={(event) => controls.setPageSize(Number(event.target.value))}
      />
    </Paper>
  );
}
