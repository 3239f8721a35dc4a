import { protocols } from './src/protocols/index.ts';
const tools = [{ name: 'get_weather', description: 'w', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }];
for (const c of JSON.parse(process.argv[2] ?? '[]') as string[]) {
  const r = protocols.native.parse(c, { tools });
  console.log(JSON.stringify(c).slice(0, 100), '=>', r.success ? JSON.stringify(r.decisions).slice(0, 150) : 'FAIL ' + r.error.kind + ': ' + r.error.message.slice(0, 120));
}
