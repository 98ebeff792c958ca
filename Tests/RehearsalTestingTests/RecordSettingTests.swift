import RehearsalCLI
import Testing

/// `swift test` reads the record mode from `REHEARSAL_RECORD` and detects CI as `rehearsal run` does (docs/timelines-and-goldens.md,
/// "Goldens, record modes and diffs": `missing` locally, `never` on CI unless a mode is given).
@Suite struct RecordSettingTests {
    @Test func localRunsRecordMissingGoldens() throws {
        #expect(try RecordSetting(environment: [:]) == RecordSetting(mode: .missing, ci: .local))
        #expect(try RecordSetting(environment: ["CI": "false", "REHEARSAL_RECORD": ""]).mode == .missing)
    }

    @Test func ciRecordsNothingUnlessTold() throws {
        #expect(try RecordSetting(environment: ["CI": "true"]) == RecordSetting(mode: .never, ci: .detected(by: "CI")))
        #expect(
            try RecordSetting(environment: ["GITHUB_ACTIONS": "true"])
                == RecordSetting(mode: .never, ci: .detected(by: "GITHUB_ACTIONS")))
        let told = try RecordSetting(environment: ["CI": "1", "REHEARSAL_RECORD": "all"])
        #expect(told == RecordSetting(mode: .all, ci: .detected(by: "CI")))
        #expect(told.recordingFails)
    }

    @Test func everyModeIsAccepted() throws {
        for mode in ["never", "missing", "failed", "all"] {
            #expect(try RecordSetting(environment: ["REHEARSAL_RECORD": mode]).mode.rawValue == mode)
        }
    }

    @Test func aMisspeltModeIsAnErrorWithADidYouMean() {
        #expect(throws: RecordSetting.InvalidValue(value: "al")) {
            try RecordSetting(environment: ["REHEARSAL_RECORD": "al"])
        }
        #expect(
            RecordSetting.InvalidValue(value: "al").description
                == "error: invalid value 'al' for REHEARSAL_RECORD\n  hint: did you mean 'all'?")
        #expect(
            RecordSetting.InvalidValue(value: "sometimes").description
                == "error: invalid value 'sometimes' for REHEARSAL_RECORD\n  hint: set it to one of: never, missing, failed, all"
        )
    }
}
