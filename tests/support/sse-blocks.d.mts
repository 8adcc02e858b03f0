export type SseBlock = {
  id: string | undefined;
  event: string;
  /** The `data:` lines joined; undefined when there is none (a heartbeat or a `retry:` alone). */
  data: string | undefined;
  retry: number | undefined;
  comments: string[];
};

export function readSseBlock(text: string): SseBlock;
export function takeSseBlocks(buffer: string): { blocks: SseBlock[]; rest: string };
