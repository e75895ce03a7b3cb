import AirFitCore
import Foundation
import Testing

@Suite("CSVRow")
struct CSVRowTests {
    private static func line(_ build: (inout CSVRow) -> Void) -> String {
        var row = CSVRow()
        build(&row)
        return row.line
    }

    @Test("A header row joins cells with commas and ends with CRLF")
    func header() {
        #expect(CSVRow(header: ["id", "name", "created_at"]).line == "id,name,created_at\r\n")
        #expect(CSVRow().line == "\r\n")
    }

    @Test(
        "Text cells are quoted only when they must be",
        arguments: [
            ("plain", "plain"),
            ("a,b", "\"a,b\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("two\nlines", "\"two\nlines\""),
            ("cr\rhere", "\"cr\rhere\""),
            ("", ""),
            ("ünïcødé ✓", "ünïcødé ✓"),
            ("it's", "it's"),
        ])
    func quoting(value: String, cell: String) {
        #expect(Self.line { $0.text(value) } == cell + "\r\n")
    }

    @Test(
        "Text a spreadsheet would run as a formula gets an apostrophe first",
        arguments: [
            ("=1+1", "'=1+1"),
            ("+441234", "'+441234"),
            ("-5", "'-5"),
            ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
            ("\tindent", "'\tindent"),
            ("=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""),
            ("=SUM(A1,A2)", "\"'=SUM(A1,A2)\""),
            ("\r=1", "\"'\r=1\""),
            ("a=1", "a=1"),
            (" =1", " =1"),
        ])
    func formulaInjection(value: String, cell: String) {
        #expect(Self.line { $0.text(value) } == cell + "\r\n")
    }

    @Test("Raw cells, ids and enum values are written as they are")
    func rawCells() {
        #expect(
            Self.line {
                $0.raw("-5"); $0.raw(nil); $0.raw("=x")
            } == "-5,,=x\r\n")
    }

    @Test("Numbers drop a trailing .0 and nil becomes an empty cell")
    func numbers() {
        let line = Self.line { row in
            row.number(3.0)
            row.number(2.5)
            row.number(-0.25)
            row.number(Double?.none)
            row.number(42)
            row.number(Int?.none)
            row.number(1e20)
        }
        #expect(line == "3,2.5,-0.25,,42,,1e+20\r\n")
    }

    @Test("Booleans and dates have fixed spellings")
    func boolsAndDates() {
        let line = Self.line { row in
            row.bool(true)
            row.bool(false)
            row.date(Date(timeIntervalSince1970: 1_700_000_000.123))
            row.date(nil)
            row.text(nil)
        }
        #expect(line == "true,false,2023-11-14T22:13:20.123Z,,\r\n")
    }
}
