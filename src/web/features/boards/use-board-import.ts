import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyImport, getLatestImportJob, previewImport, type ImportFile, type ImportJob } from '../../../shared/boards';
import { ApiError, callApi } from '../../lib/api-client';
import { refreshBoards } from '../../lib/boards-store';

/** The import's calls (decision 194): a preview that follows "Publish every imported year", a job to start and follow. */

const LATEST_KEY = ['board-import', 'latest'] as const;
/** The board editor's queries (use-board-editor.ts), read again once an import has changed the boards. */
const EDITOR_KEY = ['board-editor'] as const;
/** How often a running import's progress is asked for. */
export const IMPORT_POLL_MS = 1_000;

type Latest = { job: ImportJob | null };

/** A chosen file: `version` tells two choices of the same content apart. */
export type ChosenFile = { file: ImportFile; version: number };

/** What importing the chosen file would do, as imported with `publish` or without. */
export function useImportPreview(chosen: ChosenFile | null, publish: boolean) {
  return useQuery({
    queryKey: ['board-import', 'preview', chosen?.version, publish],
    queryFn:
      chosen === null
        ? skipToken
        : ({ signal }) => callApi(previewImport, { body: chosen.file, query: { publish: publish ? 'true' : 'false' }, signal }),
    // Ticking "Publish every imported year" keeps the file's preview on screen while it is made again.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === chosen?.version ? previous : undefined),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}

/**
 * The running import, or else the last one, asked for again every IMPORT_POLL_MS while it runs,
 * so the page shows its progress, and a reloaded page finds it again. When an import this page saw
 * running has finished, the editor and the public boards are read again.
 */
export function useLatestImport() {
  const client = useQueryClient();
  return useQuery({
    queryKey: LATEST_KEY,
    queryFn: async ({ signal }) => {
      const before = client.getQueryData<Latest>(LATEST_KEY)?.job;
      const answer = await callApi(getLatestImportJob, { signal });
      const after = answer.job;
      if (before?.state === 'running' && (after?.id !== before.id || after.state !== 'running')) {
        await client.invalidateQueries({ queryKey: EDITOR_KEY });
        await refreshBoards();
      }
      return answer;
    },
    refetchInterval: (query) => (query.state.data?.job?.state === 'running' ? IMPORT_POLL_MS : false),
    retry: false,
  });
}

/** Starts an import: the server answers at once with the job, which the page then follows. */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: ImportFile; overwritePublished: boolean; publish: boolean }) => callApi(applyImport, { body: input }),
    onSuccess: (job) => client.setQueryData<Latest>(LATEST_KEY, { job }),
    // Another import is running (409): show that one.
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 409) await client.invalidateQueries({ queryKey: LATEST_KEY });
    },
  });
}
