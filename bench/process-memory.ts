import { readFileSync, readlinkSync } from 'node:fs';

/** Where a process's resident memory lies, in bytes, from /proc/<pid>/smaps (Linux). */
export interface MemoryParts {
  /** Pages of the runtime's own executable: the code it ran and the data it read (locale data among them). */
  executable: number;
  /** Pages of other mapped files: native addons and shared libraries. */
  libraries: number;
  /** The C allocator's main heap (native buffers, SQLite's page cache). */
  mallocHeap: number;
  /** Anonymous mappings: the JavaScript heap's pages, large allocations, thread arenas. */
  anonymous: number;
}

const MAPPING = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/;

/** The resident memory of a process by kind of mapping; undefined where /proc is not readable. */
export function memoryPartsOf(pid: number): MemoryParts | undefined {
  let text: string;
  let executable: string;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
    executable = readlinkSync(`/proc/${pid}/exe`);
  } catch {
    return undefined;
  }
  const parts: MemoryParts = { executable: 0, libraries: 0, mallocHeap: 0, anonymous: 0 };
  let part: keyof MemoryParts = 'anonymous';
  for (const line of text.split('\n')) {
    const mapping = MAPPING.exec(line);
    if (mapping) {
      const name = mapping[1];
      part =
        name === executable
          ? 'executable'
          : name === '[heap]'
            ? 'mallocHeap'
            : name.startsWith('/')
              ? 'libraries'
              : 'anonymous';
    } else if (line.startsWith('Rss:')) {
      parts[part] += Number(line.split(/\s+/)[1]) * 1024;
    }
  }
  return parts;
}
