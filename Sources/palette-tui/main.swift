// The executable is this line: the program is the PaletteProgram library, which the tests import.
// This target alone links the Swift runtime and Foundation statically (Package.swift).
import FoundationEssentials
import Glibc
import PaletteProgram

await Program.run()
