// Result and input types of the face area; filled in by the work on that area.
export {};
