import picocolors from 'picocolors';

/** Colours for one stream; every function returns its text unchanged when colours are off. */
export interface Style {
  readonly enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

/** The style of a stream whose colours are on or off. */
export function createStyle(enabled: boolean): Style {
  const colours = picocolors.createColors(enabled);
  return {
    enabled,
    bold: colours.bold,
    dim: colours.dim,
    red: colours.red,
    green: colours.green,
    yellow: colours.yellow,
    cyan: colours.cyan,
  };
}
