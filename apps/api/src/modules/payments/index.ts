/** The public face of the payments module: the only file other modules may import from. No other module uses it yet. */
export {};
