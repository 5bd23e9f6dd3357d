import { generatedFileName } from '../files/index.ts';

/**
 * Who may add or change lines (spec 02 §4, §6): an admin always, staff only while the inventory
 * is active and not completed. The form and the server ask the same question.
 */
export function canEditInventoryLines(
  inventory: { is_active: boolean; is_completed: boolean },
  mayEditClosed: boolean,
): boolean {
  return mayEditClosed || (inventory.is_active && !inventory.is_completed);
}

/**
 * Whether a line's notes can still be written: a line with notes and no open question has had
 * its question resolved, and those notes stay as the record (spec 02 §4 "Inventory product question").
 */
export function areNotesEditable(line: { notes: string; is_resolve_question: boolean }): boolean {
  return !(line.is_resolve_question && line.notes.trim() !== '');
}

/** Print All SDS's file: "SDS_Acme_Corp_Baytown_Plant_2025.pdf", named as the reports are. */
export function printAllSdsFileName(inventory: { customer: string; facility: string; year: number }): string {
  return generatedFileName(['SDS', inventory.customer, inventory.facility, inventory.year], 'pdf');
}
