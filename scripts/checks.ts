// Runs npm scripts side by side and fails if any fails. The static checks are single-threaded each, so on
// two cores they take about the time of the slowest instead of the sum. Each one's output is printed
// whole when it ends, so outputs do not interleave.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
const windows = process.platform === 'win32';

function run(script: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(windows ? 'npm.cmd' : 'npm', ['run', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: windows,
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.on('error', (error) => {
      process.stderr.write(`${script}: ${error.message}\n`);
      resolve(false);
    });
    child.on('close', (code) => {
      process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

const outcomes = await Promise.all(scripts.map(run));
const failed = scripts.filter((_, index) => !outcomes[index]);
if (failed.length > 0) {
  process.stderr.write(`failed: ${failed.join(', ')}\n`);
  process.exitCode = 1;
}
