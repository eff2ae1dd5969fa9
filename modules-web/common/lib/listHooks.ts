/** The wiring of a list page: its state in the URL, the record open beside the list, and the title bar's "Export CSV". */

import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useNotify, type PageButton } from '@autoscope/web-sdk';

import { saveCsv } from './csv';
import { isoDay } from './format';
import { countText, type Nouns } from './lists';
import { withParams } from './urlParams';

/**
 * A page's state kept in its URL (filters, search, sort): `read` takes it from the query,
 * `write` puts a new one in, replacing the history entry (Back leaves the page rather than
 * undoing each filter). Both are module-level functions, the same at every render.
 */
export function useUrlState<T>(
  read: (params: URLSearchParams) => T,
  write: (params: URLSearchParams, state: T) => URLSearchParams,
): [T, (state: T) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => read(params), [read, params]);
  const setState = useCallback(
    (next: T) => setParams((current) => write(current, next), { replace: true }),
    [setParams, write],
  );
  return [state, setState];
}

/**
 * The record open beside the list (a drawer), kept in the URL parameter `name` so that a link
 * opens it. `shownId` outlives closing, so the drawer keeps its record while it slides out.
 * `detailParams` are the drawer's own parameters (a filter inside it): opening another record
 * or closing drops them.
 */
export function useOpenParam(name: string, detailParams: readonly string[] = NO_PARAMS) {
  const [params, setParams] = useSearchParams();
  const openId = params.get(name);
  const [lastId, setLastId] = useState(openId);
  useEffect(() => {
    if (openId) setLastId(openId);
  }, [openId]);
  const show = useCallback(
    (id: string | null) =>
      setParams((current) =>
        withParams(current, { [name]: id, ...Object.fromEntries(detailParams.map((detail) => [detail, null])) }),
      ),
    [setParams, name, detailParams],
  );
  const open = useCallback((record: { id: string }) => show(record.id), [show]);
  const close = useCallback(() => show(null), [show]);
  return { openId, shownId: openId ?? lastId, open, close };
}

const NO_PARAMS: readonly string[] = [];

/** What an export read: how many rows, as CSV, and what it left out, if anything. */
export interface CsvExport {
  count: number;
  csv: string;
  /** Said in a warning after the count, e.g. `older runs were left out: …`. */
  leftOut?: string;
}

/**
 * The title bar's "Export CSV": `load` reads every row the list's filters match, as CSV. With
 * none it says so; else the browser saves `<many>-<today>.csv` and the count is said, as a
 * warning naming what was left out when the export is not whole. `disabled` while there is
 * nothing to export.
 */
export function useCsvExportButton(nouns: Nouns, load: () => Promise<CsvExport>, disabled = false): PageButton {
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { count, csv, leftOut } = await load();
      if (count === 0) {
        notify.failure(`There are no ${nouns[1]} to export`);
        return;
      }
      saveCsv(csv, `${nouns[1]}-${isoDay()}.csv`);
      const exported = `${countText(count, nouns)} exported`;
      if (leftOut) notify.warning(`${exported}; ${leftOut}`);
      else notify.success(exported);
    } catch (error) {
      notify.error(error);
    } finally {
      setExporting(false);
    }
  };

  return {
    label: 'Export CSV',
    icon: 'download',
    kind: 'secondary',
    onClick: () => void exportCsv(),
    loading: exporting,
    disabled: disabled || exporting,
  };
}
