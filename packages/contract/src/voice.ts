// Result and input types of the voice area; filled in by the work on that area.
export {};
