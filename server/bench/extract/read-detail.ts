// The client of the detail reads, in a process of its own so that reading and parsing 8 MB of
// JSON does not share the service's event loop (or its memory). Prints one JSON line of timings.
// Usage: node --import tsx read-detail.ts <base> <key> <extraction id> <runs>
const [base, key, id, runsText] = process.argv.slice(2);
const runs = Number(runsText);
const headers = { authorization: `Bearer ${key}` };
const read = async (query: string) => {
  const t = performance.now();
  const res = await fetch(`${base}/v1/extractions/${id}/${query}`, { headers });
  const body = await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`the detail answered ${res.status}`);
  return { ms: performance.now() - t, bytes: body.byteLength };
};
const out = { jsonMs: [] as number[], jsonBytes: 0, csvMs: [] as number[], csvBytes: 0 };
for (let i = 0; i < runs; i++) {
  const json = await read('?limit=2500');
  out.jsonMs.push(json.ms);
  out.jsonBytes = json.bytes;
  const csv = await read('?format=csv');
  out.csvMs.push(csv.ms);
  out.csvBytes = csv.bytes;
}
process.stdout.write(`${JSON.stringify(out)}\n`);
