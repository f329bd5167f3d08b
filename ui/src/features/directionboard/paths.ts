/** The test's pages (inside the language prefix). */
export const BOARD_PATH = '/direction-board';
export const RESULT_PATH = '/direction-board/result';
export const SENT_PATH = '/direction-board/sent';
/** The shared link of a result, as the email carries it. */
export const sharedPath = (token: string) => `/direction-board/results/${encodeURIComponent(token)}`;
