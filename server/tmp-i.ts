import { interpretInstruction, describeStep } from './src/engines/prompt-edit/interpret';
const cases = process.argv.slice(2);
for (const c of cases) { const t=performance.now(); const p = interpretInstruction(c); console.log((performance.now()-t).toFixed(1), JSON.stringify(c), '=>', JSON.stringify(p.steps), p.skipped.length ? 'SKIP ' + JSON.stringify(p.skipped.map(s=>s.text)) : ''); }
