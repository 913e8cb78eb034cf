export declare function oneShotNodeArgs(args: readonly string[], execArgv: readonly string[]): string[] | null;
export declare function runAgain(nodeArgs: string[], script: string, args: readonly string[]): Promise<never>;
