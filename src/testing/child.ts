import { spawn, type SpawnOptions } from 'node:child_process';

/** What a finished child process printed and its exit status (null when a signal ended it). */
export interface ChildOutcome {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command without blocking this process, so a test can start several at once (as
 * spawnSync cannot) and await them together: tests of commands that mostly wait or start Node.
 */
export function runChild(command: string, args: string[], options: SpawnOptions = {}): Promise<ChildOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, options);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
