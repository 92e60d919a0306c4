// emctl's exit codes (DESIGN.md §1): part of the contract with the scripts and CI jobs that run
// it. Which error gets which code is decided in one place, src/cli/exit.ts.

export const EXIT_OK = 0;
export const EXIT_ERROR = 1;
export const EXIT_CHANGES = 2;
export const EXIT_REFUSED = 3;
/** Ctrl-C during a read (128 + SIGINT, as shells report it): nothing was written. */
export const EXIT_INTERRUPTED = 130;
