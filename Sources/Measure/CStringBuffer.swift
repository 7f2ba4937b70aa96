extension String {
    /// Decodes a C string buffer filled by a CMeasure call, up to its first NUL.
    init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
