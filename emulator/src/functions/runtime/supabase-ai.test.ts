import { createSupabaseGlobal, EMBEDDING_DIMENSION } from './supabase-ai.js';

const dot = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * b[i]!, 0);

describe('Supabase.ai.Session', () => {
  const { ai } = createSupabaseGlobal();

  it('embeds text with gte-small into a 384-dimension unit vector, the same every time', async () => {
    const session = new ai.Session('gte-small');
    const vector = await session.run('Refunds take five days.', {
      mean_pool: true,
      normalize: true,
    });
    expect(vector).toHaveLength(EMBEDDING_DIMENSION);
    expect(dot(vector, vector)).toBeCloseTo(1, 6);
    expect(
      await new ai.Session('gte-small').run('Refunds take five days.', {
        mean_pool: true,
        normalize: true,
      }),
    ).toEqual(vector);
  });

  it('puts texts that share words closer than texts that do not', async () => {
    const session = new ai.Session('gte-small');
    const options = { mean_pool: true, normalize: true };
    const [question, close, far] = await Promise.all(
      [
        'How do I get a refund for my order?',
        'refund my order please',
        'The weather in Lisbon is sunny',
      ].map((text) => session.run(text, options)),
    );
    expect(dot(question!, close!)).toBeGreaterThan(dot(question!, far!));
  });

  it('leaves the vector unnormalised when asked', async () => {
    const raw = await new ai.Session('gte-small').run('one two three', { normalize: false });
    expect(Math.hypot(...raw)).toBeGreaterThan(1);
  });

  it('refuses a model it does not have, and input that is not text', async () => {
    expect(() => new ai.Session('gpt-9')).toThrow(/model "gpt-9" is not available/);
    await expect(new ai.Session('gte-small').run(42)).rejects.toThrow(/must be a string/);
  });
});
