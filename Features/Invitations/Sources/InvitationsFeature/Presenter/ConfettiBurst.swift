import FeatureHostCore
import Foundation

/// A deterministic confetti animation: seeded pieces on closed-form paths, so the picture at any time is a
/// pure function of that time (no accumulated state, no drift), sampled at a fixed frame rate for
/// `duration` and then over.
struct ConfettiBurst: Sendable {
    enum Pattern: Sendable {
        /// Two cannons in the bottom corners fire up and inwards; gravity brings the pieces back down.
        case cannons
        /// Pieces drift down from above the top edge, swaying: a calmer farewell.
        case shower
    }

    static let frameInterval: Duration = .milliseconds(50)
    static let duration: Duration = .seconds(3)
    /// Frames 0...frameCount; the last one is empty, and no frame follows it.
    static var frameCount: Int { Int(duration / frameInterval) }

    private struct Particle: Sendable {
        var x0, y0, vx, vy, gravity, delay, swayAmplitude, swayFrequency, swayPhase: Double
        var glyph: Character
        var color: ConfettiColor
    }

    private let particles: [Particle]

    init(pattern: Pattern, seed: UInt64, count: Int = 64) {
        var random = SplitMix64(seed: seed)
        var particles: [Particle] = []
        particles.reserveCapacity(count)
        for index in 0..<count {
            switch pattern {
            case .cannons:
                let fromLeft = index % 2 == 0
                particles.append(
                    Particle(
                        x0: fromLeft ? 0.02 : 0.98, y0: 1.0,
                        vx: random.next(in: 0.10...0.42) * (fromLeft ? 1 : -1), vy: -random.next(in: 1.0...1.45),
                        gravity: 1.1, delay: random.next(in: 0...0.3),
                        swayAmplitude: random.next(in: 0.004...0.015), swayFrequency: random.next(in: 0.8...1.8),
                        swayPhase: random.next(in: 0...(2 * .pi)),
                        glyph: random.pick(["▪", "•", "*", "+", "~", "◆"]),
                        color: random.pick([.pink, .yellow, .green, .blue, .orange, .purple])))
            case .shower:
                particles.append(
                    Particle(
                        x0: random.next(in: 0.02...0.98), y0: -random.next(in: 0...0.35),
                        vx: random.next(in: -0.03...0.03), vy: random.next(in: 0.28...0.42),
                        gravity: 0.12, delay: random.next(in: 0...0.6),
                        swayAmplitude: random.next(in: 0.01...0.03), swayFrequency: random.next(in: 0.4...0.9),
                        swayPhase: random.next(in: 0...(2 * .pi)),
                        glyph: random.pick(["•", "·", "*", "°", "+"]),
                        color: random.pick([.sky, .lavender, .mint, .silver, .blue])))
            }
        }
        self.particles = particles
    }

    /// The visible pieces `elapsed` after the burst started; none at or after `duration`.
    func pieces(at elapsed: Duration) -> [ConfettiPiece] {
        guard elapsed < Self.duration else { return [] }
        let t = elapsed.seconds
        return particles.compactMap { particle in
            let age = t - particle.delay
            guard age >= 0 else { return nil }
            let sway = particle.swayAmplitude * sin(2 * .pi * particle.swayFrequency * age + particle.swayPhase)
            let x = particle.x0 + particle.vx * age + sway
            let y = particle.y0 + particle.vy * age + 0.5 * particle.gravity * age * age
            guard (0...1).contains(x), y >= 0, y < 1 else { return nil }
            // Rounded so view states compare equal regardless of the last bits of the maths library.
            return ConfettiPiece(x: Self.round(x), y: Self.round(y), glyph: particle.glyph, color: particle.color)
        }
    }

    private static func round(_ value: Double) -> Double { (value * 10_000).rounded() / 10_000 }
}
