import { LlamaModel } from './src/models/llama/llama-model.ts';
import { getCodec } from './src/protocols/get-codec.ts';
import { writeTinyGguf } from './test/helpers/tiny-gguf.ts';
import { grammarTools } from './test/helpers/grammar-tools.ts';
const model = new LlamaModel(writeTinyGguf('/tmp/llama-exp/tiny.gguf'), { seed: 7, threads: Number(process.env.TH ?? 1), contextSize: 4096 });
await model.load();
for (const p of (process.env.P ?? 'envelope').split(',')) {
const codec = getCodec(p);
const constraint = codec.constraint!(grammarTools);
const t = Date.now(); let out = 0;
for (let i = 0; i < 20; i++) {
  const r = await model.generate({ system: codec.instructions(grammarTools), messages: [{ role: 'user', content: 'What is 2+3?' }], constraint, temperature: 1, maxTokens: 400 });
  out += r.usage.outputTokens;
  if (i < 3) console.log(JSON.stringify(r.text), r.usage);
}
console.log(p, 'threads', process.env.TH ?? 1, (Date.now() - t) / 20, 'ms/gen', out / 20, 'tok/gen', (out / (Date.now() - t)) * 1000, 'tok/s');
}
await model.dispose();
