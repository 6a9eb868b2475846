/// What moves and when: the `animation` object, timing curves and the `selection` with its changes.
extension SpecDecoder {
    func decodeAnimation(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> AnimationSettings {
        let object = try reader.object(value, at: path, known: SpecKeys.animation)
        var animation = AnimationSettings()
        if let curve = object["curve"] { animation.curve = try decodeCurve(curve, at: path.appending("curve")) }
        if let duration = object["duration"] {
            animation.duration = try reader.number(duration, at: path.appending("duration"), expected: SpecExpectation.seconds)
        }
        if let reduced = object["reduceMotion"] {
            animation.reducedMotion = try reader.choice(reduced, at: path.appending("reduceMotion"), as: ReducedMotion.self)
        }
        return animation
    }

    func decodeCurve(_ value: JSONValue, at path: JSONPath) throws(SpecError) -> AnimationCurve {
        let expected =
            "\"linear\", \"easeIn\", \"easeOut\", \"easeInOut\", \"spring\", {\"spring\": {\"response\", \"dampingFraction\"}} or {\"bezier\": [x1, y1, x2, y2]}"
        switch value {
        case .string("linear"): return .linear
        case .string("easeIn"): return .easeIn
        case .string("easeOut"): return .easeOut
        case .string("easeInOut"): return .easeInOut
        case .string("spring"): return .defaultSpring
        case .object(let object) where object.members.count == 1 && object["spring"] != nil:
            let springPath = path.appending("spring")
            let parameters = try reader.object(object["spring"] ?? .null, at: springPath, known: SpecKeys.spring)
            guard case .spring(var response, var damping) = AnimationCurve.defaultSpring else { return .defaultSpring }
            if let value = parameters["response"] {
                response = try reader.number(
                    value, at: springPath.appending("response"),
                    expected: SpecExpectation.number(in: SpecLimits.springResponse, unit: " seconds"))
            }
            if let value = parameters["dampingFraction"] {
                damping = try reader.number(
                    value, at: springPath.appending("dampingFraction"),
                    expected: SpecExpectation.number(in: SpecLimits.springDampingFraction))
            }
            return .spring(response: response, dampingFraction: damping)
        case .object(let object) where object.members.count == 1 && object["bezier"] != nil:
            let bezierPath = path.appending("bezier")
            guard case .array(let points) = object["bezier"] ?? .null, points.count == 4 else {
                throw reader.failure(
                    bezierPath, .expected("an array of four numbers [x1, y1, x2, y2]", found: (object["bezier"] ?? .null).kindDescription))
            }
            var numbers: [Double] = []
            for (index, point) in points.enumerated() {
                let range = index % 2 == 0 ? SpecLimits.bezierX : SpecLimits.bezierY
                numbers.append(
                    try reader.number(point, at: bezierPath.appending(index: index), expected: SpecExpectation.number(in: range)))
            }
            return .bezier(x1: numbers[0], y1: numbers[1], x2: numbers[2], y2: numbers[3])
        case .object(let object):
            if let key = object.members.first?.key, object.members.count == 1 {
                throw reader.failure(
                    path.appending(key),
                    .unknownKey(key, suggestion: FieldReader.closestKey(to: key, in: ["spring", "bezier"]), known: ["spring", "bezier"]))
            }
            throw reader.failure(path, .expected(expected, found: value.kindDescription))
        case .string(let text):
            // `easeinout`, `ease-in-out`, `EaseInOut`: the name as SwiftUI spells it.
            let names = ["linear", "easeIn", "easeOut", "easeInOut", "spring"]
            let folded = text.count <= 64 ? text.replacingScalars(["-": "", "_": "", " ": ""]) : text
            let guess = Suggestion.closest(to: folded, in: names, maximumDistance: text.count <= 64 ? 2 : 0)
            let hint = guess.map { " (did you mean \"\($0)\"?)" } ?? ""
            throw reader.failure(path, .expected(expected, found: value.kindDescription + hint))
        default:
            throw reader.failure(path, .expected(expected, found: value.kindDescription))
        }
    }

    func decodeSelection(_ value: JSONValue, at path: JSONPath, into spec: inout PickerSpec) throws(SpecError) {
        let object = try reader.object(value, at: path, known: SpecKeys.selection)
        if let initial = object["initial"] {
            spec.initialSelection = try decodeSelectedItem(initial, at: path.appending("initial"), items: spec.items)
        }
        if let tail = object["tail"] {
            spec.tail = try reader.number(tail, at: path.appending("tail"), expected: SpecExpectation.seconds)
        }
        guard let sequenceValue = object["sequence"] else { return }
        let sequencePath = path.appending("sequence")
        guard case .array(let steps) = sequenceValue, steps.count <= SpecLimits.maximumChanges else {
            throw reader.failure(
                sequencePath, .expected("an array of at most \(SpecLimits.maximumChanges) changes", found: sequenceValue.kindDescription))
        }
        spec.changes = []
        for (index, step) in steps.enumerated() {
            let stepPath = sequencePath.appending(index: index)
            let fields = try reader.object(step, at: stepPath, known: SpecKeys.change)
            guard let select = fields["select"] else {
                throw reader.failure(stepPath.appending("select"), .missing(expected: "an item to select, or null to clear the selection"))
            }
            var change = SelectionChange(selection: try decodeSelectedItem(select, at: stepPath.appending("select"), items: spec.items))
            if let after = fields["after"] {
                change.after = try reader.number(after, at: stepPath.appending("after"), expected: SpecExpectation.seconds)
            }
            if let curve = fields["curve"] { change.curve = try decodeCurve(curve, at: stepPath.appending("curve")) }
            if let duration = fields["duration"] {
                change.duration = try reader.number(duration, at: stepPath.appending("duration"), expected: SpecExpectation.seconds)
            }
            spec.changes.append(change)
        }
    }
}
