import Testing

@testable import AirFitServer

@Suite("Device names in the session list")
struct DeviceNameTests {
    @Test("A User-Agent becomes 'browser on system', never the header itself")
    func names() {
        let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36"
        #expect(DeviceName.from(userAgent: android) == "Chrome on Android")
        let iphone =
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1"
        #expect(DeviceName.from(userAgent: iphone) == "Safari on iPhone")
        #expect(DeviceName.from(userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0") == "Firefox on Linux")
        #expect(DeviceName.from(userAgent: "curl/8.0") == "curl")
        #expect(DeviceName.from(userAgent: nil) == nil)
    }
}
