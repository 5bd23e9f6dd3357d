/** A number from the API as a form's text (null → empty): forms hold what the user types. */
export const numberText = (value: number | null) => (value === null ? '' : String(value));
