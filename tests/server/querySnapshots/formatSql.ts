/**
 * A small, dependency-free formatter for the SQL Kysely compiles (tests/server/querySnapshots.test.ts):
 * each clause keyword on a line of its own with its content indented below it, the items of a
 * select, set, returning, group by or order by list one a line, the conditions of a where or
 * having joined by a top-level `and`/`or` one a line, and each subquery indented inside its
 * parentheses. Only whitespace changes: the tokens and their order are the compiled statement's.
 */

/** String literals, quoted identifiers, whitespace, parentheses, commas, words and any other run of symbols. */
const TOKEN = /'(?:[^']|'')*'|"(?:[^"]|"")*"|\s+|[(),]|[A-Za-z_][A-Za-z_0-9$]*|[^\sA-Za-z_(),'"]+/g;

/** Clause keywords (word sequences, lower case), the longest first where one starts another. */
const CLAUSES: readonly (readonly string[])[] = [
  ['with', 'recursive'],
  ['with'],
  ['select', 'distinct'],
  ['select'],
  ['insert', 'or', 'ignore', 'into'],
  ['insert', 'into'],
  ['replace', 'into'],
  ['update'],
  ['delete', 'from'],
  ['from'],
  ['inner', 'join'],
  ['left', 'outer', 'join'],
  ['left', 'join'],
  ['right', 'join'],
  ['full', 'join'],
  ['cross', 'join'],
  ['join'],
  ['where'],
  ['group', 'by'],
  ['having'],
  ['order', 'by'],
  ['limit'],
  ['offset'],
  ['values'],
  ['set'],
  ['on', 'conflict'],
  ['do', 'update', 'set'],
  ['returning'],
  ['union', 'all'],
  ['union'],
  ['intersect'],
  ['except'],
  ['for', 'update'],
  ['for', 'share'],
];

/** Clauses whose top-level commas separate items, one a line. */
const LISTS = new Set(['select', 'select distinct', 'set', 'do update set', 'returning', 'group by', 'order by', 'values', 'with', 'with recursive']);
/** Clauses short enough to keep their content on their own line (`limit ?`). */
const INLINE = new Set(['limit', 'offset', 'for update', 'for share']);
/** Clauses whose top-level `and`/`or` start a line. */
const CONDITIONS = new Set(['where', 'having']);

const INDENT = '  ';

interface QueryFrame {
  kind: 'query';
  /** The indent of its clause keywords. */
  depth: number;
  clause: string | undefined;
}
interface ParenFrame {
  kind: 'paren';
}

export function formatSql(text: string): string {
  const tokens = text.match(TOKEN) ?? [];
  const lines: string[] = [];
  let line = '';
  const stack: (QueryFrame | ParenFrame)[] = [{ kind: 'query', depth: 0, clause: undefined }];

  const query = (): QueryFrame => {
    for (let i = stack.length - 1; i >= 0; i--) {
      const frame = stack[i];
      if (frame.kind === 'query') return frame;
    }
    throw new Error('unreachable: the statement is a query frame');
  };
  const atQueryLevel = () => stack[stack.length - 1].kind === 'query';
  const newLine = (depth: number) => {
    if (line.trim()) lines.push(line.trimEnd());
    line = INDENT.repeat(depth);
  };
  const emit = (token: string) => {
    if (/^\s+$/.test(token)) {
      if (line.trim() && !line.endsWith(' ') && !line.endsWith('(')) line += ' ';
      return;
    }
    if (token === ')' || token === ',') line = line.trimEnd();
    line += token;
  };
  /** The index of the next token that is not whitespace, from `i`. */
  const nextWord = (i: number) => {
    let j = i;
    while (j < tokens.length && /^\s+$/.test(tokens[j])) j++;
    return j;
  };
  /** The clause starting at token `i`, and the index past it. */
  const clauseAt = (i: number): { name: string; end: number } | undefined => {
    for (const words of CLAUSES) {
      let j = i;
      let matched = true;
      for (let w = 0; w < words.length; w++) {
        if (w > 0) j = nextWord(j);
        if (tokens[j]?.toLowerCase() !== words[w]) {
          matched = false;
          break;
        }
        j++;
      }
      if (matched) return { name: words.join(' '), end: j };
    }
    return undefined;
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const lower = token.toLowerCase();
    if (atQueryLevel() && /^[a-z_]/i.test(token)) {
      const clause = clauseAt(i);
      if (clause) {
        const frame = query();
        frame.clause = clause.name;
        newLine(frame.depth);
        line += clause.name;
        if (INLINE.has(clause.name)) line += ' ';
        else newLine(frame.depth + 1);
        i = clause.end - 1;
        continue;
      }
      if ((lower === 'and' || lower === 'or') && CONDITIONS.has(query().clause ?? '')) {
        newLine(query().depth + 1);
        line += token;
        continue;
      }
    }
    if (token === '(') {
      const next = tokens[nextWord(i + 1)]?.toLowerCase();
      if (next === 'select' || next === 'with') {
        const depth = query().depth + 2;
        emit(token);
        stack.push({ kind: 'query', depth, clause: undefined });
        continue;
      }
      emit(token);
      stack.push({ kind: 'paren' });
      continue;
    }
    if (token === ')') {
      const frame = stack.pop();
      if (frame?.kind === 'query') {
        newLine(frame.depth - 1);
        line += ')';
        continue;
      }
      emit(token);
      continue;
    }
    if (token === ',' && atQueryLevel() && LISTS.has(query().clause ?? '')) {
      emit(token);
      newLine(query().depth + 1);
      continue;
    }
    emit(token);
  }
  newLine(0);
  return lines.join('\n');
}
