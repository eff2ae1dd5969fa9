#!/usr/bin/env node
// Fails when the host's modules import each other in a cycle. In every folder of
// `host/src`, its entries (files and subfolders) form a graph: A -> B when code under A
// names something under B (`crate::...` or `super::...` paths). Each such graph must be
// acyclic. `http` (the AppState hub every feature registers with) is left out at the top.
//
//   node tools/import-cycles.mjs [host/src]

import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const root = process.argv[2] ?? 'host/src';
const HUBS = new Set(['http']);

/** Every `.rs` file under `dir`, as its module path (`["storage", "collections", "read"]`). */
function modules(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...modules(path));
    else if (name.endsWith('.rs')) {
      const parts = relative(root, path).slice(0, -3).split(sep);
      if (['mod', 'lib', 'main'].includes(parts.at(-1))) parts.pop();
      out.push({ path, parts });
    }
  }
  return out;
}

/** The code without comments, string and character literals, which may mention paths. */
function code(text) {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i, i + 3);
    if (rest.startsWith('//')) {
      i = text.indexOf('\n', i);
      if (i < 0) break;
    } else if (rest.startsWith('/*')) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else if (/^r#*"/.test(text.slice(i, i + 8)) && !/[A-Za-z0-9_]/.test(text[i - 1] ?? '')) {
      const hashes = text.slice(i + 1).match(/^#*/)[0];
      const end = text.indexOf(`"${hashes}`, i + 2 + hashes.length);
      i = end < 0 ? text.length : end + 1 + hashes.length;
      out += '""';
    } else if (text[i] === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      i = j + 1;
      out += '""';
    } else if (text[i] === "'") {
      // A character literal ('x', '\n', '\u{..}'), or else a lifetime ('a), kept as is.
      const literal = text.slice(i).match(/^'(?:\\(?:u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'])'/);
      if (literal) { i += literal[0].length; out += "' '"; } else { out += "'"; i += 1; }
    } else {
      out += text[i];
      i += 1;
    }
  }
  return out;
}

/** Paths named after `crate::` or `super::` (brace groups expanded one level), as segment lists. */
function namedPaths(text, parts) {
  const found = [];
  const re = /\b(crate::|(?:super::)+)\s*(\{|[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*)/g;
  for (const match of text.matchAll(re)) {
    let base;
    if (match[1] === "crate::") base = [];
    else {
      // `parts` is the module itself (for `mod.rs`, its folder): each `super` goes up one.
      base = parts.slice(0, parts.length - (match[1].split('super').length - 1));
    }
    if (match[2] === '{') {
      let depth = 1;
      let i = match.index + match[0].length;
      let item = '';
      const items = [];
      for (; i < text.length && depth > 0; i += 1) {
        const c = text[i];
        if (c === '{') depth += 1;
        if (c === '}') depth -= 1;
        if (depth === 1 && c === ',') { items.push(item); item = ''; } else if (depth >= 1) item += c;
      }
      items.push(item);
      for (const it of items) {
        const head = it.trim().match(/^[A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*/);
        if (head) found.push([...base, ...head[0].split('::')]);
      }
    } else found.push([...base, ...match[2].split('::')]);
  }
  return found;
}

const all = modules(root);
const known = new Set(all.map((m) => m.parts.join('/')));
/** The longest known module that `segments` starts with. */
function resolve(segments) {
  for (let n = segments.length; n > 0; n -= 1) {
    if (known.has(segments.slice(0, n).join('/'))) return segments.slice(0, n);
  }
  return [];
}

// edges[folder] = Map(entry -> Set(entry))
const edges = new Map();
for (const { path, parts } of all) {
  for (const target of namedPaths(code(readFileSync(path, 'utf8')), parts)) {
    const to = resolve(target);
    // The deepest folder that holds both: there, the two are distinct siblings.
    let common = 0;
    while (common < parts.length && common < to.length && parts[common] === to[common]) common += 1;
    if (common >= parts.length || common >= to.length) continue; // a module and its own parent or child
    const folder = parts.slice(0, common).join('/');
    const [a, b] = [parts[common], to[common]];
    if (folder === '' && (HUBS.has(a) || HUBS.has(b))) continue;
    if (!edges.has(folder)) edges.set(folder, new Map());
    const graph = edges.get(folder);
    if (!graph.has(a)) graph.set(a, new Map());
    if (!graph.get(a).has(b)) graph.get(a).set(b, `${relative('.', path)} names ${target.join('::')}`);
  }
}

/** Strongly connected components of more than one entry (Tarjan). */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const out = [];
  function visit(v) {
    info.set(v, { index, low: index, on: true });
    index += 1;
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).on) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const scc = [];
      let w;
      do { w = stack.pop(); info.get(w).on = false; scc.push(w); } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  }
  for (const v of graph.keys()) if (!info.has(v)) visit(v);
  return out;
}

let failed = false;
for (const [folder, graph] of [...edges].sort()) {
  for (const scc of cycles(graph)) {
    failed = true;
    console.error(`import cycle in ${root}/${folder}: ${scc.join(', ')}`);
    for (const a of scc) for (const [b, why] of graph.get(a) ?? []) {
      if (scc.includes(b)) console.error(`  ${a} -> ${b}: ${why}`);
    }
  }
}
if (failed) process.exit(1);
console.log(`no import cycles in ${root}`);
