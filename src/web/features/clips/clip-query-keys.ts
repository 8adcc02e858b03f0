/** TanStack Query keys of the clips feature; invalidating `all` refreshes every clip view. */
export const clipKeys = {
  all: ['clips'] as const,
  list: (placement: string) => ['clips', 'list', placement] as const,
  byTitle: (title: string) => ['clips', 'by-title', title] as const,
  mine: (sort: string) => ['clips', 'mine', sort] as const,
  everyone: (sort: string, owner: string) => ['clips', 'everyone', sort, owner] as const,
  uploadLimits: ['clips', 'upload-limits'] as const,
};
