/** "{minutes} minutes" with { minutes: 5 } → "5 minutes"; a name without a value stays as written. */
export const fillTemplate = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
