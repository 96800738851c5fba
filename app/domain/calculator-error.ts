/** The error the calculators (position size, risk of ruin, instruments) throw for input they cannot use. */

/** Invalid calculator input, naming the request field at fault (e.g. `conversionRate`). */
export class CalculatorInputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = "CalculatorInputError";
    this.field = field;
  }
}
