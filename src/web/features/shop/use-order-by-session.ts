import { useQuery } from '@tanstack/react-query';
import { getOrderBySession } from '../../../shared/orders';
import { ApiError, callApi } from '../../lib/api-client';
import { orderFromWire } from './wire';

const POLL_MS = 2000;
/** About a minute of waiting for the provider's confirmation (a webhook) before giving up polling. */
const MAX_POLLS = 30;

/** The order behind a checkout session, polled while the payment is still pending. */
export function useOrderBySession(sessionId: string | null) {
  return useQuery({
    queryKey: ['orders', 'by-session', sessionId],
    queryFn: async ({ signal }) => orderFromWire(await callApi(getOrderBySession, { params: { sessionId: sessionId ?? '' }, signal })),
    enabled: sessionId !== null && sessionId !== '',
    staleTime: 0,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
    refetchInterval: (query) => (query.state.data?.status === 'pending' && query.state.dataUpdateCount < MAX_POLLS ? POLL_MS : false),
  });
}
