/** The public face of the invoice-delivery module: the only file other modules may import from. No other module uses it yet. */
export {};
