/**
 * The scanners behind the house rules' tests (test/layers.test.ts): what a source text imports, which
 * imports run at run time, the import cycles of a graph, and the transactions that are not IMMEDIATE.
 * Plain text scans rather than the TypeScript compiler: the rules are about the text a contributor
 * writes, and a scan of 300 files takes a few milliseconds.
 */

export interface ImportRef {
  readonly specifier: string;
  /**
   * False for `import type …` and `export type …`, erased at run time. `import { type A }` stays: under
   * `verbatimModuleSyntax` (tsconfig.json) it is compiled to `import {} from …`, which loads the module.
   */
  readonly runtime: boolean;
}

const IMPORT =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?([^"';]*?)\s*from\s*["']([^"']+)["']|(?:^|\n)\s*import\s+["']([^"']+)["']|\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** Every import and re-export of a text, static, side-effect and dynamic. */
export function importRefs(text: string): ImportRef[] {
  const found: ImportRef[] = [];
  for (const m of text.matchAll(IMPORT)) {
    if (m[4] !== undefined) {
      found.push({ specifier: m[4], runtime: m[2] === undefined });
    } else found.push({ specifier: m[5] ?? m[6], runtime: true });
  }
  return found;
}

/** The strongly connected components of more than one file (or a file importing itself): Tarjan's. */
export function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/**
 * The lines of `db.transaction(…)` calls whose last argument is not `IMMEDIATE`. A deferred transaction
 * that reads and then writes while another connection wrote meanwhile fails with SQLITE_BUSY_SNAPSHOT
 * instead of waiting (src/db/client.ts); every transaction here takes the write lock at BEGIN.
 */
export function deferredTransactions(text: string): number[] {
  const lines: number[] = [];
  for (const m of text.matchAll(/\.transaction\(/g)) {
    let depth = 1;
    let i = (m.index as number) + m[0].length;
    for (; i < text.length && depth > 0; i++) {
      if (text[i] === "(") depth++;
      else if (text[i] === ")") depth--;
    }
    const call = text.slice(m.index, i);
    if (!/,\s*IMMEDIATE\s*,?\s*\)$/.test(call)) lines.push(text.slice(0, m.index).split("\n").length);
  }
  return lines;
}
