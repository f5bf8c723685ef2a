/**
 * `answer` remembered by its string argument, for header values that repeat across requests
 * (a browser's User-Agent, its Accept-Encoding): a parse or a large regular expression then runs
 * once per distinct value instead of once per request. At most `limit` answers are kept; when
 * full, all are forgotten at once, so values that never repeat cost no more than without it.
 * Values longer than any browser sends are answered without being kept, which bounds the memory.
 */
export function memoByString<T>(answer: (value: string) => T, limit = 500, maxLength = 1024): (value: string) => T {
  const answers = new Map<string, T>();
  return (value) => {
    if (value.length > maxLength) return answer(value);
    let known = answers.get(value);
    if (known === undefined) {
      known = answer(value);
      if (answers.size >= limit) answers.clear();
      answers.set(value, known);
    }
    return known;
  };
}
