const VERSION = "0.1.0";

export { VERSION as V };
