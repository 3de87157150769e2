import { useEffect, useState } from 'react';
import { pick } from '../../../contract/endpoint';
import { portfolioEndpoints, portfolioManagerEndpoints } from '../../../contract/portfolio/endpoints';
import { useAppSystem } from '../../actors/hooks';
import type { ChartLineInput } from './formingOverlay';

const LIST = pick(portfolioEndpoints, 'portfolio.list');
const MARKERS = pick(portfolioManagerEndpoints, 'portfolio-manager.getPortfolioMarkers');
/** Markers change from the portfolio screen; the chart reads them again this often and on focus. */
const REFRESH_MS = 60_000;
const NONE: readonly ChartLineInput[] = [];

/**
 * The user's markers (price lines and notes) of `symbol` from every portfolio of `market`. The
 * number of portfolios varies, so this reads them in one effect rather than a query per portfolio;
 * a failed read leaves the chart without lines (it is the chart's extra, not its content).
 */
export function useSymbolMarkers(market: string, symbol: string): readonly ChartLineInput[] {
  const { api } = useAppSystem();
  const [lines, setLines] = useState<readonly ChartLineInput[]>(NONE);
  useEffect(() => {
    let alive = true;
    const load = async () => {
      try {
        const portfolios = await api.call(LIST, { query: { market, with_summary: false, limit: 1000 } });
        const pages = await Promise.all(
          portfolios.data.filter((p) => p.status !== 30).map((p) => api.call(MARKERS, { query: { portfolio_id: p.id, symbol, limit: 1000 } })),
        );
        if (alive) setLines(pages.flatMap((page) => page.data));
      } catch {
        // Lines stay as they were; the next refresh tries again.
      }
    };
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    const onFocus = () => void load();
    window.addEventListener('focus', onFocus);
    return () => {
      alive = false;
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
    };
  }, [api, market, symbol]);
  return lines;
}
